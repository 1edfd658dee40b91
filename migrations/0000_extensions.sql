-- Trigram matching for typo-tolerant product search (a trusted extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
