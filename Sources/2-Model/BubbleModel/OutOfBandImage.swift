import BubbleArchive
import Foundation

/// XEP-0066 images as current clients send them: an HTTP-upload URL in `<x xmlns='jabber:x:oob'>`
/// with the same URL as the body (Conversations, Dino, Monal, Siskin), or a body that is only
/// an image URL. Never fetched: the image comes from a folder the user names, or is a placeholder.
public enum OutOfBandImage {
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp"]
    /// A media file larger than this is not read (a phone photo is a few megabytes).
    public static let maximumFileBytes = 32 << 20

    /// The image URL a message stands for, or nil when it is not an image link.
    public static func url(of message: Message) -> String? {
        let body = (message.body ?? "").trimmingWhitespacesAndNewlines()
        if let url = message.outOfBandURL?.trimmingWhitespacesAndNewlines(), !url.isEmpty {
            return isImage(url) && (body.isEmpty || body == url) ? url : nil
        }
        guard message.declaredKind == nil, message.attachment == nil, !body.contains(where: \.isWhitespace),
              body.hasPrefix("https://") || body.hasPrefix("http://"), isImage(body) else { return nil }
        return body
    }

    /// Whether the URL's path ends in an image file extension.
    public static func isImage(_ url: String) -> Bool {
        let name = MessageText.fileName(url: url)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The file `name` in `folder`, read whole; the reason in words when it cannot be.
    static func load(_ name: String, folder: String) -> Result<Data, ImageLoadProblem> {
        // The name comes from someone else's URL: a `/` or `..` in it must not leave the folder.
        guard !name.contains("/"), name != ".", name != ".." else {
            return .failure(ImageLoadProblem("'\(name)' is not a plain file name"))
        }
        let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failure(ImageLoadProblem("no file '\(name)' in the media folder \(folder)"))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumFileBytes else {
            return .failure(ImageLoadProblem("\(path) is \(size) bytes, more than the limit of \(maximumFileBytes)"))
        }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            return .failure(ImageLoadProblem("\(path) cannot be read"))
        }
        return .success(bytes)
    }
}

/// Why an out-of-band image could not be taken from the media folder.
struct ImageLoadProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The words a quote block shows for a message that is not plain text.
enum QuotedText {
    static func summary(of message: Message) -> String {
        if let url = OutOfBandImage.url(of: message) { return "Photo · " + MessageText.fileName(url: url) }
        let body = (message.body ?? "").trimmingWhitespacesAndNewlines()
        switch message.declaredKind {
        case "image"?: return "Photo"
        case "audio"?: return "Voice message"
        case "file"?: return message.fileName ?? MessageText.fileName(url: message.outOfBandURL ?? "")
        default: break
        }
        if body == "image" && message.attachment != nil { return "Photo" }
        if AudioBody.duration(body: body) != nil { return "Voice message" }
        if let url = message.outOfBandURL, !url.isEmpty { return MessageText.fileName(url: url) }
        return body
    }
}
