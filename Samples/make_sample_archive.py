#!/usr/bin/env python3
r"""Writes Samples/chat.sqlite and Samples/vcards.sqlite: a small XMPPFramework message archive
and vCard store, laid out exactly as Core Data writes them for XMPPFramework and the origin
iOS app, for the README and the demo.

chat.sqlite   account me@chat.example; li.lei@chat.example (35 rows over two days: Chinese and
              English, emoji, a long paragraph, a wide JPEG photo, a tall PNG, voice messages,
              a late-delivered message, an out-of-band file link, a composing row as the newest
              row) and han.meimei@chat.example (4 rows).
vcards.sqlite nicknames 李雷 / Han Meimei / Me with small PNG avatars.

Python 3 standard library only. PNGs are generated here with zlib; the JPEG is
Samples/media/harbour.jpg, made once with ImageMagick 6.9 and committed:

  convert -size 480x160 gradient:'#7fb8f0'-'#f4e3c1' \( -size 480x110 gradient:'#3d7ea6'-'#0e3550' \) \
    -append -fill '#fff2c0' -draw 'circle 350,128 350,146' \
    -fill '#44604a' -draw 'polygon 0,160 60,138 130,150 210,122 290,148 360,136 420,150 480,140 480,162 0,162' \
    -fill '#2f3f4a' -draw 'rectangle 60,150 66,162' -draw 'rectangle 300,146 303,162' \
    \( -seed 7 -size 480x270 plasma:grey50-grey50 -colorspace gray -blur 0x0.8 \) -compose overlay -composite \
    -strip -quality 72 Samples/media/harbour.jpg

The output is the same bytes on every run. Usage: python3 Samples/make_sample_archive.py
"""
import base64, hashlib, os, plistlib, sqlite3, struct, uuid, zlib
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = datetime(2001, 1, 1, tzinfo=timezone.utc)  # Core Data's reference date
ME, LI, HAN = 'me@chat.example', 'li.lei@chat.example', 'han.meimei@chat.example'


def core_data_time(text, fraction=0.0):
    """Seconds since 2001-01-01T00:00:00Z for a UTC 'YYYY-MM-DD HH:MM:SS', as Core Data stores NSDate."""
    when = datetime.fromisoformat(text).replace(tzinfo=timezone.utc)
    return (when - REFERENCE).total_seconds() + fraction


# --- images -------------------------------------------------------------------------------------

def png(width, height, pixel):
    """An 8-bit RGB PNG; pixel(x, y) -> (r, g, b)."""
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
    rows = b''.join(b'\0' + b''.join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(rows, 9)) + chunk(b'IEND', b'')


def tower_png():
    """120x260: a tall city view at dusk, one lit tower in the middle."""
    def pixel(x, y):
        sky = (int(40 + y * 0.5), int(50 + y * 0.35), int(110 + y * 0.25))
        if 30 <= x < 90 and y >= 60:  # the tower
            lit = (x - 30) % 12 in (3, 4, 5, 6, 7) and (y - 60) % 16 in range(4, 11)
            return (250, 214, 120) if lit and (x * 7 + y // 16 * 3) % 5 else (34, 38, 52)
        if (x < 26 and y >= 150) or (x >= 96 and y >= 180):  # lower buildings
            return (48, 52, 66)
        return sky
    return png(120, 260, pixel)


def avatar_png(colour, initial_rows):
    """80x80 avatar: a coloured disc on white with a simple light mark in the middle."""
    def pixel(x, y):
        dx, dy = x - 39.5, y - 39.5
        if dx * dx + dy * dy > 38 * 38:
            return (255, 255, 255)
        row, column = (y - 20) // 8, (x - 20) // 8
        if 0 <= row < 5 and 0 <= column < 5 and initial_rows[row][column] == '#':
            return (255, 255, 255)
        return colour
    return png(80, 80, pixel)


def voice_clip(seconds, seed):
    """AMR-NB bytes: the '#!AMR' header and one 32-byte 12.2 kbit/s frame per 20 ms."""
    state, frames = seed, []
    for _ in range(int(seconds * 50)):
        body = bytearray()
        for _ in range(31):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            body.append(state >> 16 & 0xFF)
        frames.append(b'\x3c' + bytes(body))
    return b'#!AMR\n' + b''.join(frames)


def b64(data):
    return base64.b64encode(data).decode('ascii')


# --- stanzas ------------------------------------------------------------------------------------

def escape(text):
    return text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')


def stanza(outgoing, peer, message_id, body=None, children=''):
    """A <message> as XMPPFramework archives it: compact XML, the stream's namespace."""
    if outgoing:
        head = f'<message xmlns="jabber:client" type="chat" to="{peer}" from="{ME}/iPhone" id="{message_id}">'
    else:
        head = f'<message xmlns="jabber:client" type="chat" to="{ME}/iPhone" from="{peer}/Android" id="{message_id}">'
    return head + (f'<body>{escape(body)}</body>' if body is not None else '') + children + '</message>'


RECEIPT = '<request xmlns="urn:xmpp:receipts"/>'
ACTIVE = '<active xmlns="http://jabber.org/protocol/chatstates"/>'
COMPOSING = '<composing xmlns="http://jabber.org/protocol/chatstates"/>'
LONG_PARAGRAPH = (
    '关于下周的发布，我整理了几点想法：第一，安卓和iOS的版本要同一天上线，不然用户会问为什么只有一个平台能用；'
    'second, the image upload still times out on slow networks, so let\'s cap photos at 1280 px and retry twice '
    'before showing an error; 第三，语音消息最长30秒，这个限制要在界面上提示清楚。Also, the release notes '
    'should be short — three bullet points at most — and translated into English and Chinese. 最后，'
    'if anything breaks on Friday evening, we roll back first and ask questions later. 你觉得怎么样？🙂'
)


def conversation_rows():
    """(timestamp, outgoing, peer, ZBODY, stanza, composing, z_opt) in the order they were archived."""
    with open(os.path.join(HERE, 'media', 'harbour.jpg'), 'rb') as photo:
        harbour = photo.read()
    day1, day2 = '2024-03-01 ', '2024-03-02 '
    li = [  # (time, outgoing, kind, content)
        (day1 + '09:12:03', 0, 'text', '早上好！Morning 🌞'),
        (day1 + '09:12:41', 1, 'text', 'Morning 李雷! 今天怎么样？'),
        (day1 + '09:13:20', 0, 'text', 'Pretty good. 刚到办公室 ☕️'),
        (day1 + '09:14:02', 0, 'text', 'Did you see the photos from the harbour yesterday?'),
        (day1 + '09:14:30', 1, 'text', 'Not yet — send them over 📷'),
        (day1 + '09:15:10', 0, 'image', harbour),
        (day1 + '09:15:55', 1, 'text', '哇，太美了！😍'),
        (day1 + '09:16:20', 1, 'image', tower_png()),
        (day1 + '09:16:48', 1, 'text', 'This is the view from my window 🏙️'),
        (day1 + '09:17:30', 0, 'text', 'Nice! 楼好高啊'),
        (day1 + '09:20:05', 0, 'audio', 3.2),
        (day1 + '09:20:40', 1, 'audio', 7.5),
        (day1 + '09:21:10', 0, 'text', "OK, I'll send the report later 👍"),
        (day1 + '12:30:02', 0, 'delayed', ('在地铁上，信号不好，刚才的消息可能晚到 🚇', '2024-03-01T12:05:00Z')),
        (day1 + '12:31:15', 1, 'text', 'No worries!'),
        (day1 + '14:02:33', 0, 'link', ('https://files.chat.example/share/Q1-report.pdf', 'Q1-report.pdf')),
        (day1 + '14:03:10', 1, 'text', 'Got it, thanks. 我晚上看。'),
        (day1 + '14:05:00', 0, 'text', LONG_PARAGRAPH),
        (day1 + '14:07:45', 1, 'text', "Agreed on all points. Let's 周五 discuss 🤝"),
        (day1 + '18:45:12', 0, 'text', 'Dinner tomorrow? 🍜🍣'),
        (day1 + '18:46:01', 1, 'text', 'Sure! 七点？'),
        (day1 + '18:46:30', 0, 'text', '七点 works 👌'),
        (day1 + '18:47:02', 0, 'audio', 12.0),
        (day1 + '18:48:10', 1, 'text', 'Haha 😂'),
        (day2 + '08:30:00', 0, 'text', 'Good morning! 早 ☀️'),
        (day2 + '08:31:20', 1, 'text', '早！Ready for today?'),
        (day2 + '08:32:05', 0, 'text', 'Almost. Coffee first ☕️☕️'),
        (day2 + '10:15:44', 1, 'text', 'Quick question about the report: page 3, the numbers look off 🤔'),
        (day2 + '10:17:02', 0, 'text', 'Let me check… 你说得对，我改一下'),
        (day2 + '10:25:30', 0, 'text', 'Fixed ✅'),
        (day2 + '10:26:00', 1, 'audio', 2.0),
        (day2 + '17:59:59', 0, 'text', 'See you at seven! 🕖'),
        (day2 + '18:00:30', 1, 'text', 'See you! 👋'),
        (day2 + '18:58:10', 1, 'text', 'On my way 🚕'),
        (day2 + '19:01:00', 0, 'composing', None),
    ]
    han = [
        (day2 + '11:02:13', 0, 'text', 'Hi! Are you coming on Saturday? 🎉'),
        (day2 + '11:05:40', 1, 'text', 'Yes, of course! 要带什么吗？'),
        (day2 + '11:06:02', 0, 'text', '太好了！Just bring yourself 😊'),
        (day2 + '11:06:30', 1, 'text', '👍'),
    ]
    rows = []
    for number, (when, outgoing, kind, content, peer) in enumerate([(*r, LI) for r in li] + [(*r, HAN) for r in han]):
        message_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f'chat.example/sample/{number}')).upper()
        timestamp = core_data_time(when, fraction=(number * 0.137) % 1)
        composing, z_opt, children = 0, 1, RECEIPT if outgoing else ACTIVE
        if kind == 'text':
            body = content
        elif kind == 'image':
            body, children = 'image', f'<attachment>{b64(content)}</attachment>'
        elif kind == 'audio':
            body = f'audio：{content:.1f}″'  # U+FF1A and U+2033, one decimal: the origin app's format
            children = f'<attachment>{b64(voice_clip(content, number))}</attachment>'
        elif kind == 'delayed':
            body, stamp = content
            children = f'<delay xmlns="urn:xmpp:delay" from="chat.example" stamp="{stamp}"/>'
            # XMPPMessageArchiving stores the delayed delivery date as the message's timestamp.
            timestamp = core_data_time(stamp.replace('T', ' ').rstrip('Z'))
        elif kind == 'link':
            body = content[0]
            children = f'<x xmlns="jabber:x:oob"><url>{escape(content[0])}</url><desc>{escape(content[1])}</desc></x>'
        else:  # composing: no body; the row is updated in place while the peer types
            body, children, composing, z_opt = None, COMPOSING, 1, 4
        rows.append((timestamp, outgoing, peer, body, message_id, stanza(outgoing, peer, message_id, body, children),
                     composing, z_opt))
    return rows


# --- Core Data stores ---------------------------------------------------------------------------

def metadata_plist(entities, store_uuid):
    """Z_METADATA's Z_PLIST. The model version hashes are stand-ins: only Core Data computes real ones."""
    plist = {
        'NSPersistenceFrameworkVersion': 866,
        'NSStoreModelVersionHashes': {name: zlib.crc32(name.encode()).to_bytes(4, 'big') * 8 for name in entities},
        'NSStoreModelVersionHashesVersion': 3,
        'NSStoreModelVersionIdentifiers': [''],
        'NSStoreType': 'SQLite',
        'NSStoreUUID': store_uuid,
        '_NSAutoVacuumLevel': '2',
    }
    return plistlib.dumps(plist, fmt=plistlib.FMT_BINARY, sort_keys=True)


def fresh_database(path):
    for suffix in ('', '-wal', '-shm', '-journal'):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    database = sqlite3.connect(path)
    database.execute('PRAGMA journal_mode = DELETE')  # the committed file: WAL mode off
    return database


def finish(database):
    database.commit()
    database.execute('VACUUM')
    database.close()


MESSAGE_ENTITIES = ['XMPPMessageArchiving_Contact_CoreDataObject', 'XMPPMessageArchiving_Message_CoreDataObject']


def new_message_archive(path, store_uuid):
    """An empty XMPPFramework message archive store, as Core Data creates it."""
    database = fresh_database(path)
    database.executescript('''
        CREATE TABLE ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZMOSTRECENTMESSAGEOUTGOING INTEGER, ZMOSTRECENTMESSAGETIMESTAMP TIMESTAMP, ZBAREJIDSTR VARCHAR, ZMOSTRECENTMESSAGEBODY VARCHAR, ZSTREAMBAREJIDSTR VARCHAR );
        CREATE TABLE ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCOMPOSING INTEGER, ZOUTGOING INTEGER, ZTIMESTAMP TIMESTAMP, ZBAREJIDSTR VARCHAR, ZBODY VARCHAR, ZMESSAGEID VARCHAR, ZMESSAGESTR VARCHAR, ZSTREAMBAREJIDSTR VARCHAR, ZTHREAD VARCHAR );
        CREATE INDEX ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT_ZBAREJIDSTR_INDEX ON ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT (ZBAREJIDSTR);
        CREATE INDEX ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT_ZMOSTRECENTMESSAGETIMESTAMP_INDEX ON ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT (ZMOSTRECENTMESSAGETIMESTAMP);
        CREATE INDEX ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT_ZSTREAMBAREJIDSTR_INDEX ON ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT (ZSTREAMBAREJIDSTR);
        CREATE INDEX ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT_ZBAREJIDSTR_INDEX ON ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (ZBAREJIDSTR);
        CREATE INDEX ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT_ZCOMPOSING_INDEX ON ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (ZCOMPOSING);
        CREATE INDEX ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT_ZOUTGOING_INDEX ON ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (ZOUTGOING);
        CREATE INDEX ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT_ZSTREAMBAREJIDSTR_INDEX ON ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (ZSTREAMBAREJIDSTR);
        CREATE INDEX ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT_ZTIMESTAMP_INDEX ON ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (ZTIMESTAMP);
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
    ''')
    database.execute('INSERT INTO Z_METADATA VALUES (1, ?, ?)', (store_uuid, metadata_plist(MESSAGE_ENTITIES, store_uuid)))
    return database


def insert_message(database, pk, timestamp, outgoing, peer, body, message_id, xml, composing=0, z_opt=1):
    database.execute('INSERT INTO ZXMPPMESSAGEARCHIVING_MESSAGE_COREDATAOBJECT (Z_PK, Z_ENT, Z_OPT, ZCOMPOSING, '
                     'ZOUTGOING, ZTIMESTAMP, ZBAREJIDSTR, ZBODY, ZMESSAGEID, ZMESSAGESTR, ZSTREAMBAREJIDSTR, ZTHREAD) '
                     'VALUES (?, 2, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)',
                     (pk, z_opt, composing, outgoing, timestamp, peer, body, message_id, xml, ME))


def write_archive(path):
    database = new_message_archive(path, 'B7E5C0DE-2024-4A01-9C0F-5A3B1E000001')
    entities = MESSAGE_ENTITIES
    rows = conversation_rows()
    for pk, (timestamp, outgoing, peer, body, message_id, xml, composing, z_opt) in enumerate(rows, start=1):
        insert_message(database, pk, timestamp, outgoing, peer, body, message_id, xml, composing, z_opt)
    for pk, peer in enumerate([LI, HAN], start=1):  # the contact list: most recent message with a body
        newest = max((r for r in rows if r[2] == peer and r[3] is not None), key=lambda r: r[0])
        updates = sum(1 for r in rows if r[2] == peer)
        database.execute('INSERT INTO ZXMPPMESSAGEARCHIVING_CONTACT_COREDATAOBJECT VALUES (?, 1, ?, ?, ?, ?, ?, ?)',
                         (pk, updates, newest[1], newest[0], peer, newest[3], ME))
    database.execute("INSERT INTO Z_PRIMARYKEY VALUES (1, ?, 0, 2)", (entities[0],))
    database.execute("INSERT INTO Z_PRIMARYKEY VALUES (2, ?, 0, ?)", (entities[1], len(rows)))
    finish(database)


def keyed_archive(vcard_xml):
    """vCardTemp as Core Data stores the transformable attribute: an NSKeyedArchiver binary plist
    whose root XMPPvCardTemp encodes itself as its XML string under the key 'xmlString'."""
    archive = {
        '$version': 100000, '$archiver': 'NSKeyedArchiver', '$top': {'root': plistlib.UID(1)},
        '$objects': ['$null', {'$class': plistlib.UID(3), 'xmlString': plistlib.UID(2)}, vcard_xml,
                     {'$classname': 'XMPPvCardTemp',
                      '$classes': ['XMPPvCardTemp', 'XMPPvCardTempBase', 'NSXMLElement', 'NSXMLNode', 'NSObject']}],
    }
    return plistlib.dumps(archive, fmt=plistlib.FMT_BINARY, sort_keys=False)


def write_vcards(path):
    database = fresh_database(path)
    database.executescript('''
        CREATE TABLE ZXMPPVCARDAVATARCOREDATASTORAGEOBJECT ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZVCARD INTEGER, ZPHOTODATA BLOB );
        CREATE TABLE ZXMPPVCARDCOREDATASTORAGEOBJECT ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZWAITINGFORFETCH INTEGER, ZVCARDAVATARREL INTEGER, ZVCARDTEMPREL INTEGER, ZLASTUPDATED TIMESTAMP, ZJIDSTR VARCHAR, ZPHOTOHASH VARCHAR );
        CREATE TABLE ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZVCARD INTEGER, ZVCARDTEMP BLOB );
        CREATE INDEX ZXMPPVCARDAVATARCOREDATASTORAGEOBJECT_ZVCARD_INDEX ON ZXMPPVCARDAVATARCOREDATASTORAGEOBJECT (ZVCARD);
        CREATE INDEX ZXMPPVCARDCOREDATASTORAGEOBJECT_ZVCARDAVATARREL_INDEX ON ZXMPPVCARDCOREDATASTORAGEOBJECT (ZVCARDAVATARREL);
        CREATE INDEX ZXMPPVCARDCOREDATASTORAGEOBJECT_ZVCARDTEMPREL_INDEX ON ZXMPPVCARDCOREDATASTORAGEOBJECT (ZVCARDTEMPREL);
        CREATE INDEX ZXMPPVCARDCOREDATASTORAGEOBJECT_ZJIDSTR_INDEX ON ZXMPPVCARDCOREDATASTORAGEOBJECT (ZJIDSTR);
        CREATE INDEX ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT_ZVCARD_INDEX ON ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT (ZVCARD);
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
    ''')
    entities = ['XMPPvCardAvatarCoreDataStorageObject', 'XMPPvCardCoreDataStorageObject', 'XMPPvCardTempCoreDataStorageObject']
    store_uuid = 'B7E5C0DE-2024-4A01-9C0F-5A3B1E000002'
    database.execute('INSERT INTO Z_METADATA VALUES (1, ?, ?)', (store_uuid, metadata_plist(entities, store_uuid)))
    people = [  # jid, full name, nickname, avatar colour, light mark (5x5)
        (ME, 'Me', 'Me', (64, 128, 214), ['#...#', '##.##', '#.#.#', '#...#', '#...#']),
        (LI, 'Li Lei', '李雷', (214, 84, 72), ['#....', '#....', '#....', '#....', '#####']),
        (HAN, 'Han Meimei', 'Han Meimei', (72, 168, 110), ['#...#', '#...#', '#####', '#...#', '#...#']),
    ]
    for pk, (jid, full_name, nickname, colour, mark) in enumerate(people, start=1):
        photo = avatar_png(colour, mark)
        vcard = (f'<vCard xmlns="vcard-temp"><FN>{escape(full_name)}</FN><NICKNAME>{escape(nickname)}</NICKNAME>'
                 f'<PHOTO><TYPE>image/png</TYPE><BINVAL>{b64(photo)}</BINVAL></PHOTO></vCard>')
        database.execute('INSERT INTO ZXMPPVCARDTEMPCOREDATASTORAGEOBJECT VALUES (?, 3, 1, ?, ?)', (pk, pk, keyed_archive(vcard)))
        database.execute('INSERT INTO ZXMPPVCARDAVATARCOREDATASTORAGEOBJECT VALUES (?, 1, 1, ?, ?)', (pk, pk, photo))
        # ZPHOTOHASH: the XEP-0153 hash (SHA-1 of the photo bytes), as XMPPvCardCoreDataStorageObject keeps it.
        database.execute('INSERT INTO ZXMPPVCARDCOREDATASTORAGEOBJECT VALUES (?, 2, 2, 0, ?, ?, ?, ?, ?)',
                         (pk, pk, pk, core_data_time('2024-03-01 08:00:00', pk / 10), jid, hashlib.sha1(photo).hexdigest()))
    for number, name in enumerate(entities, start=1):
        database.execute('INSERT INTO Z_PRIMARYKEY VALUES (?, ?, 0, ?)', (number, name, len(people)))
    finish(database)


if __name__ == '__main__':
    write_archive(os.path.join(HERE, 'chat.sqlite'))
    write_vcards(os.path.join(HERE, 'vcards.sqlite'))
    print('wrote', os.path.join(HERE, 'chat.sqlite'), 'and', os.path.join(HERE, 'vcards.sqlite'))
