import BubbleLayout
import BubbleModel
import BubbleText
import Foundation

extension ThemeDocument {
    /// Parses and checks `theme.json` bytes; `file` names the file in errors.
    public init(data: Data, file: String) throws {
        let root = try JSONNode.parse(data, file: file)
        _ = try root.object(known: ["name", "dark_variant", "colors", "fonts", "layout", "bubbles", "generate", "strings", "styling", "lint", "text"])
        name = try root["name"].nonEmptyString()
        darkVariant = root["dark_variant"].isPresent ? try Self.themeName(root["dark_variant"]) : nil
        colors = try Self.colors(root["colors"])
        fonts = try Self.fonts(root["fonts"])
        layout = try Self.layout(root["layout"])
        bubbles = try Self.bubbles(root["bubbles"])
        generate = root["generate"].isPresent ? try Self.art(root["generate"], mirrored: bubbles.incomingMirrorsOutgoing) : nil
        strings = try Self.strings(root["strings"])
        styling = try Self.styling(root["styling"])
        lintAccepted = try Self.lintAccepted(root["lint"])
        text = try Self.text(root["text"])
    }

    /// `lint.accept`: finding keys (`colors.time`) mapped to why the theme keeps them.
    private static func lintAccepted(_ node: JSONNode) throws -> [String: String] {
        guard node.isPresent else { return [:] }
        _ = try node.object(known: ["accept"])
        guard case .object(let members)? = node["accept"].value else {
            throw node["accept"].error("expected an object of finding keys and their reasons, e.g. {\"colors.time\": \"why\"}")
        }
        var accepted: [String: String] = [:]
        for key in members.keys.sorted() {
            accepted[key] = try node["accept"][key].nonEmptyString()
        }
        return accepted
    }

    /// `text`: `tab_interval` (points between tab stops) and `line_break_strategy`
    /// (`standard` or `hangul-word-priority`).
    private static func text(_ node: JSONNode) throws -> ThemeText {
        guard node.isPresent else { return ThemeText() }
        _ = try node.object(known: ["tab_interval", "line_break_strategy"])
        var text = ThemeText()
        if node["tab_interval"].isPresent { text.tabInterval = try node["tab_interval"].number(in: 1...1000, unit: "pt") }
        if node["line_break_strategy"].isPresent {
            let name = try node["line_break_strategy"].string()
            guard let strategy = LineBreakStrategy(rawValue: name) else {
                throw node["line_break_strategy"].error("unknown value '\(name)': use standard or hangul-word-priority")
            }
            text.lineBreakStrategy = strategy
        }
        return text
    }

    private static func strings(_ node: JSONNode) throws -> ThemeStrings {
        guard node.isPresent else { return ThemeStrings(deleted: PlaceholderText.deleted) }
        _ = try node.object(known: ["deleted"])
        return ThemeStrings(deleted: node["deleted"].isPresent ? try node["deleted"].nonEmptyString() : PlaceholderText.deleted)
    }

    private static func styling(_ node: JSONNode) throws -> StylingDirectives? {
        guard node.isPresent else { return nil }
        _ = try node.object(known: ["directives"])
        let name = try node["directives"].string()
        if name == "off" { return nil }
        guard let directives = StylingDirectives(rawValue: name) else {
            throw node["directives"].error("unknown value '\(name)': use hidden, dimmed or off")
        }
        return directives
    }

    /// Reads `theme.json` in `directory`.
    public init(directory: String) throws {
        let file = directory + "/theme.json"
        guard let data = FileManager.default.contents(atPath: file) else {
            let exists = FileManager.default.fileExists(atPath: directory)
            throw ThemeError(file: file, key: nil, problem: exists ? "cannot read the file" : "no theme directory \(directory)")
        }
        try self.init(data: data, file: file)
    }

    private static func themeName(_ node: JSONNode) throws -> String {
        let name = try node.nonEmptyString()
        guard !name.contains("/"), !name.hasPrefix(".") else {
            throw node.error("'\(name)' is not a theme name (a directory name beside this theme)")
        }
        return name
    }

    private static func colors(_ node: JSONNode) throws -> ThemeColors {
        let keys = ["background", "outgoing_text", "incoming_text", "link", "name", "time",
                    "delayed_mark", "typing_dots", "audio_icon", "label_background", "reaction_background",
                    "own_reaction", "quote_bar", "status", "read_status", "outgoing_time", "outgoing_link", "label_text"]
        _ = try node.object(known: keys)
        func optional(_ key: String, _ fallback: RGBAColor) throws -> RGBAColor {
            node[key].isPresent ? try node[key].color() : fallback
        }
        let link = try node["link"].color(), time = try node["time"].color()
        return ThemeColors(
            background: try node["background"].color(), outgoingText: try node["outgoing_text"].color(),
            incomingText: try node["incoming_text"].color(), link: link,
            name: try node["name"].color(), time: time,
            delayedMark: try node["delayed_mark"].color(), typingDots: try node["typing_dots"].color(),
            audioIcon: try node["audio_icon"].color(),
            labelBackground: try optional("label_background", RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.08)),
            reactionBackground: try optional("reaction_background", .white), ownReaction: try optional("own_reaction", link),
            quoteBar: try optional("quote_bar", link), status: try optional("status", time),
            readStatus: try optional("read_status", link),
            outgoingTime: node["outgoing_time"].isPresent ? try node["outgoing_time"].color() : nil,
            outgoingLink: node["outgoing_link"].isPresent ? try node["outgoing_link"].color() : nil,
            labelText: try optional("label_text", time))
    }

    private static func fonts(_ node: JSONNode) throws -> ThemeFonts {
        let styleRoles = FontRole.allCases.filter { ![.text, .name, .time].contains($0) }
        _ = try node.object(known: ["text", "name", "time", "fallbacks", "language"] + styleRoles.map(\.themeKey))
        func font(_ node: JSONNode) throws -> ThemeFont {
            _ = try node.object(known: ["file", "size"])
            return ThemeFont(file: try fontFile(node["file"]), size: try node["size"].number(in: ThemeLimits.fontSize, unit: "pt"))
        }
        var styles: [FontRole: ThemeStyleFont] = [:]
        for role in styleRoles where node[role.themeKey].isPresent {
            let style = node[role.themeKey]
            _ = try style.object(known: ["file", "fallbacks"])
            styles[role] = ThemeStyleFont(file: try fontFile(style["file"]),
                                          fallbacks: style["fallbacks"].isPresent ? try style["fallbacks"].array().map(fontFile) : nil)
        }
        let fallbacks = node["fallbacks"].isPresent ? try node["fallbacks"].array().map(fontFile) : []
        var language: String? = nil
        if node["language"].isPresent {
            let tag = try node["language"].nonEmptyString()
            guard tag.count <= 35, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw node["language"].error("'\(tag)' is not a BCP 47 language tag (e.g. ja, ko, zh-Hant, zh-HK)")
            }
            language = tag
        }
        return ThemeFonts(text: try font(node["text"]), name: try font(node["name"]), time: try font(node["time"]),
                          styles: styles, fallbacks: fallbacks, language: language)
    }

    /// A plain file name of Fonts/: never a path, so a theme cannot reach system fonts; a
    /// collection's face is `NAME.ttc#N`.
    private static func fontFile(_ node: JSONNode) throws -> String {
        let entry = try node.nonEmptyString()
        let file = FontSet.fileAndFace(entry).file
        let lowercased = file.lowercased()
        let isCollection = lowercased.hasSuffix(".ttc")
        guard !file.contains("/"), !file.hasPrefix("."), file == entry || isCollection,
              [".otf", ".ttf", ".ttc"].contains(where: { lowercased.hasSuffix($0) }) else {
            throw node.error("'\(entry)' is not a font file name in Fonts/ (e.g. Inter-Regular.otf)")
        }
        return entry
    }

    private static func layout(_ node: JSONNode) throws -> ThemeLayout {
        _ = try node.object(known: ["margin", "avatar", "avatar_gap", "text_insets", "time_format", "time_placement",
                                    "grouping", "day_separators", "images", "jumbomoji"])
        let avatar = node["avatar"]
        _ = try avatar.object(known: ["size", "shape", "radius", "outgoing"])
        let shape: AvatarShape
        switch try avatar["shape"].string() {
        case "circle":
            guard !avatar["radius"].isPresent else { throw avatar["radius"].error("only a rounded avatar has a radius") }
            shape = .circle
        case "rounded": shape = .rounded(radius: try avatar["radius"].length())
        case let other: throw avatar["shape"].error("unknown shape '\(other)': use circle or rounded")
        }
        var placement = LayoutMetrics.TimePlacement.header
        if node["time_placement"].isPresent {
            let name = try node["time_placement"].string()
            guard let value = LayoutMetrics.TimePlacement(rawValue: name) else {
                throw node["time_placement"].error("unknown placement '\(name)': use header or bubble")
            }
            placement = value
        }
        var grouping: LayoutMetrics.Grouping? = nil
        if node["grouping"].isPresent {
            let group = node["grouping"]
            _ = try group.object(known: ["window_seconds", "spacing", "tail"])
            var tail = LayoutMetrics.TailPlace.last
            if group["tail"].isPresent {
                let name = try group["tail"].string()
                guard let place = LayoutMetrics.TailPlace(rawValue: name) else {
                    throw group["tail"].error("unknown place '\(name)': use first or last")
                }
                tail = place
            }
            // A minute, as current apps group, unless the theme says otherwise.
            let window = group["window_seconds"].isPresent ? try group["window_seconds"].number(in: ThemeLimits.groupingWindow, unit: "s") : 60
            grouping = LayoutMetrics.Grouping(window: window,
                                              spacing: group["spacing"].isPresent ? try group["spacing"].length() : 2, tail: tail)
        }
        var dayFormat: String? = nil, dayTemplate: String? = nil
        if node["day_separators"].isPresent {
            let days = node["day_separators"]
            _ = try days.object(known: ["format", "template"])
            if days["format"].isPresent && days["template"].isPresent {
                throw days["template"].error("give either a fixed format or a template, not both")
            }
            if days["format"].isPresent { dayFormat = try days["format"].nonEmptyString() }
            if days["template"].isPresent { dayTemplate = try dayTemplateNode(days["template"]) }
        }
        let images = try imageSizes(node["images"])
        return ThemeLayout(timePlacement: placement, grouping: grouping, daySeparators: node["day_separators"].isPresent,
                           daySeparatorFormat: dayFormat, daySeparatorTemplate: dayTemplate,
                           maxImageWidth: images.width, maxImageHeight: images.height,
                           jumbomojiSizes: try jumbomoji(node["jumbomoji"]),
                           margin: try node["margin"].length(), avatarSize: try avatar["size"].number(in: ThemeLimits.size, unit: "pt"),
                           avatarShape: shape, outgoingAvatar: avatar["outgoing"].isPresent ? try avatar["outgoing"].bool() : true,
                           avatarGap: try node["avatar_gap"].length(),
                           textInsets: try node["text_insets"].insets(),
                           timeFormat: try node["time_format"].nonEmptyString())
    }

    /// A date skeleton: letters of date fields only (`MMMEEEd`), which ICU orders per locale.
    private static func dayTemplateNode(_ node: JSONNode) throws -> String {
        let template = try node.nonEmptyString()
        guard template.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw node.error("'\(template)' is not a date template: letters of date fields only, such as MMMEEEd")
        }
        return template
    }

    /// `images`: `max_width`, and `max_height` or `max_height_ratio` (× the width, 0.1…10).
    private static func imageSizes(_ node: JSONNode) throws -> (width: Double?, height: Double?) {
        guard node.isPresent else { return (nil, nil) }
        _ = try node.object(known: ["max_width", "max_height", "max_height_ratio"])
        let width = node["max_width"].isPresent ? try node["max_width"].number(in: ThemeLimits.size, unit: "pt") : nil
        if node["max_height"].isPresent && node["max_height_ratio"].isPresent {
            throw node["max_height_ratio"].error("give either max_height or max_height_ratio, not both")
        }
        if node["max_height"].isPresent { return (width, try node["max_height"].number(in: ThemeLimits.size, unit: "pt")) }
        if node["max_height_ratio"].isPresent {
            let ratio = try node["max_height_ratio"].number(in: ThemeLimits.imageHeightRatio, unit: "× the width")
            return (width, ratio * (width ?? LayoutMetrics.classic.maxImageWidth))
        }
        return (width, nil)
    }

    /// `jumbomoji`: one font size per count of emoji, 1 to 3 of them.
    private static func jumbomoji(_ node: JSONNode) throws -> [Double]? {
        guard node.isPresent else { return nil }
        let items = try node.array()
        guard (1...Jumbomoji.maximumCount).contains(items.count) else {
            throw node.error("lists \(items.count) sizes: give 1 to \(Jumbomoji.maximumCount), for one, two and three emoji")
        }
        return try items.map { try $0.number(in: ThemeLimits.fontSize, unit: "pt") }
    }

    private static func bubbles(_ node: JSONNode) throws -> ThemeBubbles {
        _ = try node.object(known: ["outgoing", "incoming", "incoming_mirrors_outgoing"])
        let mirrors = try node["incoming_mirrors_outgoing"].bool()
        func style(_ node: JSONNode) throws -> BubbleImageSpec {
            _ = try node.object(known: ["image", "cap_insets", "mode", "tailless_image"])
            let modeName = try node["mode"].string()
            guard let mode = SliceMode(rawValue: modeName) else {
                throw node["mode"].error("unknown mode '\(modeName)': use stretch or tile")
            }
            return BubbleImageSpec(image: try node["image"].nonEmptyString(),
                                   capInsets: try node["cap_insets"].insets(), mode: mode,
                                   taillessImage: node["tailless_image"].isPresent ? try node["tailless_image"].nonEmptyString() : nil)
        }
        let outgoing = try style(node["outgoing"])
        if mirrors {
            guard node["incoming"].value == nil else {
                throw node["incoming"].error("not allowed when incoming_mirrors_outgoing is true (incoming bubbles are the outgoing image mirrored)")
            }
            return ThemeBubbles(outgoing: outgoing, incoming: nil, incomingMirrorsOutgoing: true)
        }
        return ThemeBubbles(outgoing: outgoing, incoming: try style(node["incoming"]), incomingMirrorsOutgoing: false)
    }

    private static func art(_ node: JSONNode, mirrored: Bool) throws -> BubbleArtSpec {
        _ = try node.object(known: ["size", "corner_radius", "tail", "border_pixels", "scales", "outgoing", "incoming"])
        let size = node["size"], tail = node["tail"]
        _ = try size.object(known: ["width", "height"])
        _ = try tail.object(known: ["width", "top", "bottom", "tip", "edge", "shape"])
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ fallback: T) throws -> T where T.RawValue == String {
            guard tail[key].isPresent else { return fallback }
            let name = try tail[key].string()
            guard let value = T(rawValue: name) else {
                throw tail[key].error("unknown value '\(name)': use " + T.allCases.map(\.rawValue).joined(separator: " or "))
            }
            return value
        }
        let edge: TailEdge = try choice("edge", .top), shape: TailShape = try choice("shape", .straight)
        if shape == .curved, tail["top"].isPresent {
            throw tail["top"].error("only a straight tail has a top: a curved tail's outer side is the bubble's edge")
        }
        let scales = try node["scales"].array().map { item -> Int in
            let scale = try item.number()
            guard [1.0, 2.0, 3.0].contains(scale) else {
                throw item.error("\(JSONNode.format(scale)) is not a scale: use 1, 2 or 3")
            }
            return Int(scale)
        }
        guard !scales.isEmpty else { throw node["scales"].error("must list at least one scale") }
        guard Set(scales).count == scales.count else { throw node["scales"].error("lists a scale twice") }
        func colors(_ node: JSONNode) throws -> BubbleArtColors {
            _ = try node.object(known: ["fill", "border"])
            return BubbleArtColors(fill: try node["fill"].color(),
                                   border: node["border"].isPresent ? try node["border"].color() : nil)
        }
        if mirrored, node["incoming"].value != nil {
            throw node["incoming"].error("not allowed when incoming_mirrors_outgoing is true")
        }
        return BubbleArtSpec(
            width: try size["width"].number(in: ThemeLimits.size, unit: "pt"),
            height: try size["height"].number(in: ThemeLimits.size, unit: "pt"),
            cornerRadius: try node["corner_radius"].length(),
            tailWidth: try tail["width"].length(), tailTop: shape == .curved ? 0 : try tail["top"].length(),
            tailBottom: try tail["bottom"].length(), tailTip: try tail["tip"].length(), tailEdge: edge, tailShape: shape,
            borderPixels: try node["border_pixels"].number(in: ThemeLimits.borderPixels, unit: "px"), scales: scales.sorted(),
            outgoing: try colors(node["outgoing"]), incoming: mirrored ? nil : try colors(node["incoming"]))
    }
}
