"""The simulated board on the host's side: the firmware's process (board), the table
with live hands and a stand-in person (table), the fault catalogue and its verdict."""
