"""The application layer: what each command does, between the command line and the storage.

Its functions open the database, run the domain's rules through the storage, and return
what happened as result objects (frozen dataclasses, or the storage's `Outcome`); they
print nothing. The command line parses a line, calls one of them and renders the result;
`play` and `serve` call the same functions. Imports run cli -> app -> (reports, storage)
-> domain: nothing here imports the command line.
"""
