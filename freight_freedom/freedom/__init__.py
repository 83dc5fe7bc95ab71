"""Freedom: The Underground Railroad (Academy Games, 2013): components, rules engine and views."""
