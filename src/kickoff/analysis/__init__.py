"""Analysis on top of the rules core: exact odds and simulation."""
