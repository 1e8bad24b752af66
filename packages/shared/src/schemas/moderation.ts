// Schemas and messages of moderation (trust and safety).
export {};
