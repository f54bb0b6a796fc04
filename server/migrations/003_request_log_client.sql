-- Which client made a request: 'console' for the console's own calls, which the stats leave out.
ALTER TABLE request_log ADD COLUMN client text;
