import Foundation

/// Loads the bytes of a JSON media reference: `{"file": "media/cat.png"}`, relative to the JSON
/// file's folder, or `{"base64": "iVBORw0…"}`. A file reference may not leave that folder (not by
/// `..`, an absolute path or a symbolic link): a conversation file must never make the tool read,
/// and draw into a picture, something the person who wrote it could not see.
struct JSONMediaReader {
    /// The folder holding the JSON file, symbolic links resolved.
    let folder: String
    let maximumBytes: Int
    /// Files already read, by resolved path: a picture that a thousand messages name is held once.
    private let files = FileCache()

    /// One reader's memory of the files it read (a reader is used by one thread only).
    private final class FileCache {
        var contents: [String: Data] = [:]
    }

    init(folder: String, maximumBytes: Int) {
        self.folder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        self.maximumBytes = maximumBytes
    }

    func bytes(_ value: Any, at location: String, reader: inout JSONDocumentReader) -> Data? {
        guard let reference = reader.object(value, at: location, allowed: JSONConversationReader.mediaKeys) else { return nil }
        let file = reader.string(reference, "file", at: location, required: false)
        let base64 = reader.string(reference, "base64", at: location, required: false)
        switch (file, base64) {
        case let (file?, nil):
            return read(file: file, at: JSONDocumentReader.path(location, "file"), reader: &reader)
        case let (nil, base64?):
            return decode(base64: base64, at: JSONDocumentReader.path(location, "base64"), reader: &reader)
        case (nil, nil):
            if reference["file"] == nil, reference["base64"] == nil {
                reader.report(location, "needs either 'file' (a path relative to the JSON file) or 'base64'")
            }
            return nil
        case (.some, .some):
            reader.report(location, "has both 'file' and 'base64'; give one")
            return nil
        }
    }

    private func read(file: String, at location: String, reader: inout JSONDocumentReader) -> Data? {
        guard !file.isEmpty else {
            reader.report(location, "must not be empty")
            return nil
        }
        guard !file.hasPrefix("/"), !file.hasPrefix("~") else {
            reader.report(location, "'\(file)' is an absolute path; media paths are relative to the JSON file's folder")
            return nil
        }
        let resolved = URL(fileURLWithPath: folder + "/" + file).standardizedFileURL.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            reader.report(location, "'\(file)' is outside the JSON file's folder")
            return nil
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) else {
            reader.report(location, "no file '\(file)' in the JSON file's folder")
            return nil
        }
        guard !isFolder.boolValue else {
            reader.report(location, "'\(file)' is a folder, not a file")
            return nil
        }
        // A named pipe would block the read below; a device might never end.
        if let problem = RegularFile.problem(at: resolved) {
            reader.report(location, "'\(file)' \(problem)")
            return nil
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: resolved)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumBytes else {
            reader.report(location, "'\(file)' is \(size) bytes, more than the limit of \(maximumBytes) bytes")
            return nil
        }
        if let data = files.contents[resolved], data.count == size { return data }
        guard let data = FileManager.default.contents(atPath: resolved) else {
            reader.report(location, "cannot read '\(file)'")
            return nil
        }
        guard !data.isEmpty else {
            reader.report(location, "'\(file)' is empty")
            return nil
        }
        files.contents[resolved] = data
        return data
    }

    private func decode(base64: String, at location: String, reader: inout JSONDocumentReader) -> Data? {
        // Base64 is 4/3 of the bytes; twice the limit leaves room for line breaks.
        guard base64.utf8.count <= maximumBytes * 2 else {
            reader.report(location, "holds more than the limit of \(maximumBytes) bytes")
            return nil
        }
        guard let data = AttachmentBase64.decode(base64) else {
            reader.report(location, "is not valid base64")
            return nil
        }
        guard !data.isEmpty else {
            reader.report(location, "must not be empty")
            return nil
        }
        guard data.count <= maximumBytes else {
            reader.report(location, "holds \(data.count) bytes, more than the limit of \(maximumBytes) bytes")
            return nil
        }
        return data
    }
}
