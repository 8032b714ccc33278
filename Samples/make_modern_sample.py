#!/usr/bin/env python3
r"""Writes Samples/modern.sqlite, Samples/modern-mam.xml and Samples/modern.json: one conversation as
a current XMPP client (Conversations, Gajim, Dino, Monal, Siskin) archives it, in the XMPPFramework
Core Data layout, as the XEP-0313 (MAM) results a server hands out, and in the JSON format, so
all three routes can be checked to draw the same screen.

Over two days (Friday 8 and Saturday 9 March 2024, UTC) it holds every stanza issue 8 names:
XEP-0393 styling (strong, emphasis, strike, pre span, pre block, block quote), a link, an e-mail
address and an @mention, a XEP-0308 correction chain, a XEP-0424 retraction (v1 with its XEP-0428
fallback body, and the v0.x fastening form), a XEP-0461 reply with its fallback quote, XEP-0444
reactions from both sides, XEP-0184 receipts and XEP-0333 markers, bare chat states, an XEP-0066
HTTP-upload image (drawn from `--media Samples/media`), and a jumbomoji.

The JSON file states the folded result (edited, retracted, reply_to, reactions, status): it has
no rows for the stanzas that only change others. Python 3 standard library only; the output is
the same bytes on every run. Usage: python3 Samples/make_modern_sample.py
"""
import json, os, sqlite3, uuid

from make_sample_archive import HERE, MESSAGE_ENTITIES, core_data_time, escape, finish, insert_message, new_message_archive

ME, ANN = 'me@chat.example', 'ann@conversations.example'
UPLOAD = 'https://upload.conversations.example/f3a9c2/harbour.jpg'
REPLY_QUOTE = '> Ann wrote:\n> See you at 7 at the pier\n'
RETRACT_FALLBACK = "This person attempted to retract a previous message, but it's unsupported by your client."

# (time, outgoing, id, body or None, extra children, JSON entry or None)
# A JSON entry holds the keys besides id, sender, time: None means the stanza is no row.
MESSAGES = [
    ('2024-03-08 18:02:05', 0, 'a1', 'Are we still on for *Friday*? The plan is at https://example.org/plan, ping @li if late',
     '<markable xmlns="urn:xmpp:chat-markers:0"/>',
     {'kind': 'text', 'reactions': {ME: ['❤️'], ANN: ['❤️']}}),
    ('2024-03-08 18:02:30', 0, 'a2', '_Really_ looking forward to it. Old plan was ~dinner~ drinks',
     '', {'kind': 'text'}),
    ('2024-03-08 18:03:10', 1, 'm1', 'Yes! `7pm` works, mail me at me@chat.example',
     '<request xmlns="urn:xmpp:receipts"/><markable xmlns="urn:xmpp:chat-markers:0"/>',
     {'kind': 'text', 'status': 'read'}),
    ('2024-03-08 18:03:12', 0, 'r1', None, '<received xmlns="urn:xmpp:receipts" id="m1"/>', None),
    ('2024-03-08 18:03:40', 0, 'a3', 'See you at 6 at the pier', '<origin-id xmlns="urn:xmpp:sid:0" id="o-a3"/>',
     {'kind': 'text', 'text': 'See you at 7 at the pier', 'edited': True}),
    ('2024-03-08 18:03:55', 0, 'a4', 'See you at 7 at the pier',
     '<replace xmlns="urn:xmpp:message-correct:0" id="a3"/>', None),
    ('2024-03-08 18:04:20', 0, 'd1', None, '<displayed xmlns="urn:xmpp:chat-markers:0" id="m1"/>', None),
    ('2024-03-08 18:05:00', 0, 'a5', 'my bank PIN is 4417', '<origin-id xmlns="urn:xmpp:sid:0" id="o-a5"/>',
     {'kind': 'text', 'text': 'my bank PIN is 4417', 'retracted': True}),
    ('2024-03-08 18:05:20', 0, 'a6', RETRACT_FALLBACK,
     '<retract xmlns="urn:xmpp:message-retract:1" id="o-a5"/>'
     '<fallback xmlns="urn:xmpp:fallback:0" for="urn:xmpp:message-retract:1"/><store xmlns="urn:xmpp:hints"/>', None),
    ('2024-03-08 18:06:00', 1, 'm2', REPLY_QUOTE + 'Perfect, see you then',
     f'<reply xmlns="urn:xmpp:reply:0" to="{ANN}" id="a3"/><request xmlns="urn:xmpp:receipts"/>'
     f'<fallback xmlns="urn:xmpp:fallback:0" for="urn:xmpp:reply:0"><body start="0" end="{len(REPLY_QUOTE)}"/></fallback>',
     {'kind': 'text', 'text': 'Perfect, see you then', 'reply_to': 'a3', 'status': 'read',
      'reactions': {ANN: ['👍']}}),
    ('2024-03-08 18:06:05', 0, 'r2', None, '<received xmlns="urn:xmpp:receipts" id="m2"/>', None),
    ('2024-03-08 18:06:10', 0, 'd2', None, '<displayed xmlns="urn:xmpp:chat-markers:0" id="m2"/>', None),
    ('2024-03-08 18:06:30', 0, 'x1', None,
     '<reactions xmlns="urn:xmpp:reactions:0" id="m2"><reaction>👍</reaction></reactions><store xmlns="urn:xmpp:hints"/>', None),
    ('2024-03-08 18:06:40', 1, 'x2', '❤️',
     '<reactions xmlns="urn:xmpp:reactions:0" id="a1"><reaction>❤️</reaction></reactions>'
     '<fallback xmlns="urn:xmpp:fallback:0" for="urn:xmpp:reactions:0"/>', None),
    ('2024-03-08 18:06:50', 0, 'x3', None,
     '<reactions xmlns="urn:xmpp:reactions:0" id="a1"><reaction>❤️</reaction></reactions>', None),
    ('2024-03-08 18:07:30', 0, 'a7', UPLOAD, f'<x xmlns="jabber:x:oob"><url>{UPLOAD}</url></x>',
     {'kind': 'image', 'media': {'file': 'media/harbour.jpg'}}),
    ('2024-03-08 18:07:40', 0, 'a8', '🎉', '', {'kind': 'text'}),
    ('2024-03-08 18:09:00', 1, 'm3', 'Build it first:\n```\nswift build -c release\nswift test\n```',
     '<request xmlns="urn:xmpp:receipts"/>', {'kind': 'text', 'status': 'delivered'}),
    ('2024-03-08 18:09:02', 0, 'r3', None, '<received xmlns="urn:xmpp:receipts" id="m3"/>', None),
    ('2024-03-08 18:10:00', 0, 'a9', '> the best code is no code\nagreed?', '', {'kind': 'text'}),
    ('2024-03-08 18:10:05', 0, 's1', None, '<paused xmlns="http://jabber.org/protocol/chatstates"/>', None),
    ('2024-03-09 09:15:00', 0, 'a10', 'Morning! Thanks for *yesterday* 🙏', '<active xmlns="http://jabber.org/protocol/chatstates"/>',
     {'kind': 'text'}),
    ('2024-03-09 09:15:02', 0, 's2', None, '<composing xmlns="http://jabber.org/protocol/chatstates"/>', None),
    ('2024-03-09 09:16:00', 1, 'm4', 'Anytime. I deleted the *old* plan', '<request xmlns="urn:xmpp:receipts"/>',
     {'kind': 'text', 'status': 'delivered'}),
    ('2024-03-09 09:16:01', 0, 'r4', None, '<received xmlns="urn:xmpp:receipts" id="m4"/>', None),
    ('2024-03-09 09:16:30', 1, 'm5', 'old plan: meet at 5', '<origin-id xmlns="urn:xmpp:sid:0" id="o-m5"/>',
     {'kind': 'text', 'text': 'old plan: meet at 5', 'retracted': True}),
    ('2024-03-09 09:16:40', 1, 'm6', '/me retracted a message',
     '<apply-to xmlns="urn:xmpp:fasten:0" id="o-m5"><retract xmlns="urn:xmpp:message-retract:0"/></apply-to>'
     '<fallback xmlns="urn:xmpp:fallback:0"/>', None),
    ('2024-03-09 09:17:00', 1, 'm7', 'Sending the photos tonight', '<request xmlns="urn:xmpp:receipts"/>',
     {'kind': 'text', 'status': 'sent'}),
]


def stanza(outgoing, message_id, body, children):
    if outgoing:
        head = f'<message xmlns="jabber:client" type="chat" to="{ANN}" from="{ME}/phone" id="{message_id}">'
    else:
        head = f'<message xmlns="jabber:client" type="chat" to="{ME}/phone" from="{ANN}/Conversations.x1" id="{message_id}">'
    return head + (f'<body>{escape(body)}</body>' if body is not None else '') + children + '</message>'


def write_archive(path):
    database = new_message_archive(path, 'B7E5C0DE-2024-4A01-9C0F-5A3B1E000002')
    for pk, (when, outgoing, message_id, body, children, _) in enumerate(MESSAGES, start=1):
        insert_message(database, pk, core_data_time(when), outgoing, ANN, body, message_id,
                       stanza(outgoing, message_id, body, children))
    newest = max((m for m in MESSAGES if m[3] is not None), key=lambda m: m[0])
    database.execute('INSERT INTO ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT VALUES (1, 1, ?, ?, ?, ?, ?, ?)',
                     (1, newest[1], core_data_time(newest[0]), ANN, newest[3], ME))
    database.execute("INSERT INTO Z_PRIMARYKEY VALUES (1, ?, 0, 1)", (MESSAGE_ENTITIES[0],))
    database.execute("INSERT INTO Z_PRIMARYKEY VALUES (2, ?, 0, ?)", (MESSAGE_ENTITIES[1], len(MESSAGES)))
    finish(database)


def write_mam_dump(path):
    """The server's XEP-0313 results for the account, one <message> after another."""
    with open(path, 'w', encoding='utf-8') as out:
        for number, (when, outgoing, message_id, body, children, _) in enumerate(MESSAGES, start=1):
            archive_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f'chat.example/modern/{number}'))
            out.write(f'<message xmlns="jabber:client" to="{ME}/phone" from="{ME}" id="mam-{number}">'
                      f'<result xmlns="urn:xmpp:mam:2" queryid="history" id="{archive_id}">'
                      f'<forwarded xmlns="urn:xmpp:forward:0"><delay xmlns="urn:xmpp:delay" stamp="{when.replace(" ", "T")}Z"/>'
                      f'{stanza(outgoing, message_id, body, children)}</forwarded></result></message>\n')


def write_json(path):
    messages = []
    for when, outgoing, message_id, body, _, entry in MESSAGES:
        if entry is None:
            continue
        message = {'id': message_id, 'sender': ME if outgoing else ANN, 'time': when.replace(' ', 'T') + 'Z'}
        message.update(entry)
        if entry['kind'] == 'text':
            message.setdefault('text', body)
        messages.append(message)
    document = {'version': 1, 'account': ME,
                # No names: the archive has no vCards either, so both show the JIDs' local parts.
                'participants': [{'id': ME}, {'id': ANN}],
                'messages': messages}
    with open(path, 'w', encoding='utf-8') as out:
        json.dump(document, out, ensure_ascii=False, indent=1)
        out.write('\n')


if __name__ == '__main__':
    write_archive(os.path.join(HERE, 'modern.sqlite'))
    write_mam_dump(os.path.join(HERE, 'modern-mam.xml'))
    write_json(os.path.join(HERE, 'modern.json'))
