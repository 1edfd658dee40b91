// Issue 22: commission, tax and what Haat owes its vendors.
