import BubbleArchive
import Foundation

/// Small text rules of the view-model: names above bubbles, file names of links, and the bound
/// on text length.
public enum MessageText {
    /// The nickname, else the JID's local part (`alice` of `alice@example.com/phone`), else the
    /// whole id (JSON participants need not be JIDs).
    public static func senderName(_ participant: Participant) -> String {
        if let nickname = participant.nickname, !nickname.isEmpty { return nickname }
        let bare = participant.jid.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if let at = bare.firstIndex(of: "@"), at != bare.startIndex { return String(bare[..<at]) }
        return participant.jid
    }

    /// The file name shown for a link: the URL's last path component, percent-decoded; for a
    /// URL without a path, its host; the URL itself when it has neither. No network access.
    public static func fileName(url: String) -> String {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        if let scheme = path.range(of: "://") {
            let afterScheme = path[scheme.upperBound...]
            path = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? ""
        }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        if !last.isEmpty { return last.removingPercentEncoding ?? last }
        if let host = URLComponents(string: url)?.host, !host.isEmpty { return host }
        return url
    }

    /// `text` cut at a character boundary to at most `maximumBytes` of UTF-8 followed by `…`,
    /// with the number of bytes kept; nil when it fits.
    public static func truncated(_ text: String, maximumBytes: Int) -> (text: String, keptBytes: Int)? {
        guard text.utf8.count > maximumBytes else { return nil }
        var kept = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            if kept + size > maximumBytes { break }
            kept += size
            end = next
        }
        return (String(text[..<end]) + "…", kept)
    }
}
