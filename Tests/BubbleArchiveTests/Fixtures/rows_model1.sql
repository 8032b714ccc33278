-- Rows of the older-model fixture archive (load schema_model1.sql first).
-- incoming
INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZOUTGOING, ZTIMESTAMP, ZBAREJIDSTR, ZBODY, ZMESSAGESTR, ZSTREAMBAREJIDSTR, ZTHREAD) VALUES (1, 2, 1, 0, 390736800.0, 'li.lei@chat.example', '早上好 Good morning ☀️', '<message xmlns="jabber:client" type="chat" to="me@chat.example/iPhone" from="li.lei@chat.example/Android" id="old-1"><body>早上好 Good morning ☀️</body></message>', 'me@chat.example', NULL);
-- outgoing
INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZOUTGOING, ZTIMESTAMP, ZBAREJIDSTR, ZBODY, ZMESSAGESTR, ZSTREAMBAREJIDSTR, ZTHREAD) VALUES (2, 2, 1, 1, 390736860.0, 'li.lei@chat.example', 'Morning! 🙂', '<message xmlns="jabber:client" type="chat" to="li.lei@chat.example" from="me@chat.example/iPhone" id="old-2"><body>Morning! 🙂</body></message>', 'me@chat.example', NULL);
-- incoming 4x3 PNG
INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZOUTGOING, ZTIMESTAMP, ZBAREJIDSTR, ZBODY, ZMESSAGESTR, ZSTREAMBAREJIDSTR, ZTHREAD) VALUES (3, 2, 1, 0, 390736920.0, 'li.lei@chat.example', 'image', '<message xmlns="jabber:client" type="chat" to="me@chat.example/iPhone" from="li.lei@chat.example/Android" id="old-3"><body>image</body><attachment>iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAK0lEQVR42g3HMQEAMAwCwQhDROYXwYwc5ERWe9vNiYqIFXOmJmb9U1pStjwsDg/xLpyHyAAAAABJRU5ErkJggg==</attachment></message>', 'me@chat.example', NULL);
INSERT INTO ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZMOSTRECENTMESSAGEOUTGOING, ZMOSTRECENTMESSAGETIMESTAMP, ZBAREJIDSTR, ZMOSTRECENTMESSAGEBODY, ZSTREAMBAREJIDSTR) VALUES (1, 1, 3, 0, 390736920.0, 'li.lei@chat.example', 'image', 'me@chat.example');
UPDATE Z_PRIMARYKEY SET Z_MAX = 1 WHERE Z_ENT = 1;
UPDATE Z_PRIMARYKEY SET Z_MAX = 3 WHERE Z_ENT = 2;
