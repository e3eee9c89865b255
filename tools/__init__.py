"""Tools the project uses at build time only (nothing here is shipped)."""
