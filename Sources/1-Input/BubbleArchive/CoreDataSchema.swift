/// What tables and columns a Core Data SQLite store has, and whether they are the ones an
/// XMPPFramework entity needs. Core Data names an entity's table `Z` + the upper-cased entity
/// name and each attribute's column `Z` + the upper-cased attribute name, next to its own
/// Z_PK (primary key), Z_ENT (entity number) and Z_OPT (optimistic-locking version).
struct CoreDataSchema {
    /// Upper-cased table name → its kind (`table` or `view`), as `sqlite_schema` lists them
    /// (SQLite's names are case-insensitive).
    let objects: [String: String]
    /// The names as written, for messages.
    let names: [String]

    init(_ database: SQLiteDatabase) throws {
        var objects: [String: String] = [:]
        var names: [String] = []
        for row in try database.query("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name") {
            if case .text(let name) = row[0], case .text(let type) = row[1] {
                objects[name.uppercased()] = type
                names.append(name)
            }
        }
        self.objects = objects
        self.names = names
    }

    /// Core Data's own bookkeeping tables: their presence says "a Core Data store".
    var isCoreDataStore: Bool { objects["Z_METADATA"] == "table" && objects["Z_PRIMARYKEY"] == "table" }

    /// Upper-cased column names of `table`.
    static func columns(of table: String, in database: SQLiteDatabase) throws -> Set<String> {
        var names: Set<String> = []
        for row in try database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) {
            if case .text(let name) = row[0] { names.insert(name.uppercased()) }
        }
        return names
    }

    /// Checks that `table` is a table holding `required` columns; otherwise the one problem
    /// (in words, for `ArchiveError`) that says what this store is instead.
    func problem(table: String, storeKind: String, required: [String], database: SQLiteDatabase) throws -> String? {
        guard let kind = objects[table] else {
            let listed = names
            if listed.isEmpty { return "an empty SQLite database (no tables), not \(storeKind)" }
            let shown = listed.prefix(8).joined(separator: ", ") + (listed.count > 8 ? ", …" : "")
            let what = isCoreDataStore ? "a Core Data store" : "an SQLite database"
            return "\(what), but not \(storeKind): it has no \(table) table (its tables: \(shown))"
        }
        guard kind == "table" else { return "\(table) is a \(kind), not Core Data's table: not \(storeKind)" }
        let present = try Self.columns(of: table, in: database)
        let missing = required.filter { !present.contains($0) }
        guard missing.isEmpty else {
            return "\(table) lacks the column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")): "
                + "not a model version of \(storeKind) this reader knows"
        }
        return nil
    }
}
