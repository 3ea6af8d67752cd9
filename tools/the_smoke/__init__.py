"""Build tooling for The Smoke, a Foundry VTT v13 game system: catalogue loading, validation, compiling,
packing, code generation and the exact odds engine."""
