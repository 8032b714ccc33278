-- Rows appended on top of schema_model2.sql + rows_model2.sql after switching the store to WAL
-- mode with automatic checkpoints off: a reader sees them only if it reads the -wal file.
-- The composing row 9 goes, as XMPPFramework drops it once the peer's message arrives:
-- a reader that ignored the -wal would still show it.
DELETE FROM ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT WHERE Z_PK = 9;
-- written while the store is in WAL mode: only in the -wal file until a checkpoint
INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZCOMPOSING, ZOUTGOING, ZTIMESTAMP, ZBAREJIDSTR, ZBODY, ZMESSAGEID, ZMESSAGESTR, ZSTREAMBAREJIDSTR, ZTHREAD) VALUES (13, 2, 1, 0, 1, 730976400.0, 'li.lei@chat.example', 'Got the report, thanks! 谢谢', 'me-004', '<message xmlns="jabber:client" type="chat" to="li.lei@chat.example" from="me@chat.example/iPhone" id="me-004"><body>Got the report, thanks! 谢谢</body></message>', 'me@chat.example', NULL);
INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZCOMPOSING, ZOUTGOING, ZTIMESTAMP, ZBAREJIDSTR, ZBODY, ZMESSAGEID, ZMESSAGESTR, ZSTREAMBAREJIDSTR, ZTHREAD) VALUES (14, 2, 1, 0, 0, 730976405.0, 'li.lei@chat.example', 'No problem 👍', 'li-007', '<message xmlns="jabber:client" type="chat" to="me@chat.example/iPhone" from="li.lei@chat.example/Android" id="li-007"><body>No problem 👍</body></message>', 'me@chat.example', NULL);
-- a conversation that exists only in the WAL
INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZCOMPOSING, ZOUTGOING, ZTIMESTAMP, ZBAREJIDSTR, ZBODY, ZMESSAGEID, ZMESSAGESTR, ZSTREAMBAREJIDSTR, ZTHREAD) VALUES (15, 2, 1, 0, 0, 730976460.0, 'new.friend@chat.example', 'Hello from a new conversation', 'nf-001', '<message xmlns="jabber:client" type="chat" to="me@chat.example/iPhone" from="new.friend@chat.example/Android" id="nf-001"><body>Hello from a new conversation</body></message>', 'me@chat.example', NULL);
UPDATE ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT SET Z_OPT = Z_OPT + 1, ZMOSTRECENTMESSAGETIMESTAMP = 730976405.0, ZMOSTRECENTMESSAGEBODY = 'No problem 👍' WHERE Z_PK = 1;
INSERT INTO ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZMOSTRECENTMESSAGEOUTGOING, ZMOSTRECENTMESSAGETIMESTAMP, ZBAREJIDSTR, ZMOSTRECENTMESSAGEBODY, ZSTREAMBAREJIDSTR) VALUES (4, 1, 1, 0, 730976460.0, 'new.friend@chat.example', 'Hello from a new conversation', 'me@chat.example');
UPDATE Z_PRIMARYKEY SET Z_MAX = 4 WHERE Z_ENT = 1;
UPDATE Z_PRIMARYKEY SET Z_MAX = 15 WHERE Z_ENT = 2;
