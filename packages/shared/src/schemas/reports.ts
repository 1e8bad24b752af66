// Schemas and messages of reports (trust and safety).
export {};
