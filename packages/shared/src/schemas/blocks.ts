// Schemas and messages of blocks (trust and safety).
export {};
