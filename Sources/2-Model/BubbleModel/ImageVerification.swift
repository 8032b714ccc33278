import Foundation

/// What the decoder that draws images says of an image's bytes.
public enum ImageVerdict: Sendable, Equatable {
    case decodes
    /// Decodes with a complaint, and the part that decoded is shown (a JPEG cut short).
    case decodesPartly(String)
    /// Cannot be shown; the problem, for the warning.
    case fails(String)
}

/// The renderer's decoder, asked by the view-model whether an image message can be shown.
///
/// A header can be intact over damaged data: the view-model used to call such a message an
/// image and the renderer then drew a broken-image box without a word. Passing the decoder
/// that draws (BubbleRender's `RasterImageVerifier`; this module cannot link Cairo) makes it
/// the one judge, asked once per distinct image, and every image it refuses a placeholder
/// with a warning naming the message.
public protocol ImageVerifier: Sendable {
    func verdict(on data: Data) -> ImageVerdict
}

/// The images a conversation has admitted so far: the decoded pixels they add up to (each
/// distinct image counted once, as the renderer decodes it once) and the decoder's verdicts.
struct ImageAdmission {
    enum Outcome: Equatable {
        case verdict(ImageVerdict)
        /// Past the conversation's pixel limit: the problem, for the warning.
        case pastConversationLimit(String)
    }

    let verifier: (any ImageVerifier)?
    let maximumPixels: Int
    private var verdicts: [Data: ImageVerdict] = [:]
    private var pixels = 0

    init(verifier: (any ImageVerifier)?, maximumPixels: Int) {
        self.verifier = verifier
        self.maximumPixels = maximumPixels
    }

    /// The decoder's verdict on `bytes` (asked once per distinct bytes), unless `header`
    /// would take the conversation past its pixel limit.
    mutating func admit(_ bytes: Data, header: ImageHeader) -> Outcome {
        if let verdict = verdicts[bytes] { return .verdict(verdict) }
        guard header.pixelCount <= maximumPixels - pixels else {
            return .pastConversationLimit("\(header.format) image of \(header.pixelWidth) × \(header.pixelHeight) pixels would take"
                                          + " the conversation's decoded images past the limit of \(maximumPixels) pixels (\(pixels) so far)")
        }
        let verdict = verifier?.verdict(on: bytes) ?? .decodes
        verdicts[bytes] = verdict
        switch verdict {
        case .fails: break
        case .decodes, .decodesPartly: pixels += header.pixelCount
        }
        return .verdict(verdict)
    }
}
