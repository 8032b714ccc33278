import Foundation

/// One drawn line of text, as an SVG document keeps it for searching: Cairo 1.16's SVG surface
/// writes glyphs as shapes (`<symbol>` paths and `<use>`) and drops the characters, so the text
/// a picture shows could not be found, selected or read aloud.
///
/// Coordinates are the document's (device) units: the left end of the line's baseline, its
/// drawn width and the font size.
package struct SearchableTextLine: Equatable {
    package var text: String
    package var x: Double
    package var baseline: Double
    package var width: Double
    package var fontSize: Double
    package var rightToLeft: Bool

    package init(text: String, x: Double, baseline: Double, width: Double, fontSize: Double, rightToLeft: Bool) {
        (self.text, self.x, self.baseline, self.width, self.fontSize, self.rightToLeft) = (text, x, baseline, width, fontSize, rightToLeft)
    }
}

/// Adds a finished SVG's drawn text to it as invisible `<text>` elements, one per line, on top
/// of the picture. They are fully transparent (`fill-opacity="0"`), so the picture is the same;
/// each is stretched over the width the glyphs cover (`textLength`), so a search hit or a
/// selection lands on the drawn words whatever font the viewer substitutes.
package enum SVGSearchableText {
    /// The SVG with a `<g>` of the lines' `<text>` elements before its closing `</svg>`;
    /// unchanged when there are no lines (or, defensively, no closing tag).
    package static func adding(_ lines: [SearchableTextLine], to svg: Data) -> Data {
        guard !lines.isEmpty, let end = closingTag(in: svg) else { return svg }
        var elements = "<g id=\"searchable-text\" fill=\"#000000\" fill-opacity=\"0\" stroke=\"none\" font-family=\"sans-serif\">\n"
        for line in lines {
            let anchor = line.rightToLeft ? line.x + line.width : line.x
            elements += "  <text x=\"\(number(anchor))\" y=\"\(number(line.baseline))\" font-size=\"\(number(line.fontSize))\""
            if line.width > 0 {
                elements += " textLength=\"\(number(line.width))\" lengthAdjust=\"spacingAndGlyphs\""
            }
            if line.rightToLeft { elements += " direction=\"rtl\"" }
            elements += ">\(escaped(line.text))</text>\n"
        }
        elements += "</g>\n"
        var result = Data(svg[svg.startIndex..<end])
        result.append(Data(elements.utf8))
        result.append(svg[end...])
        return result
    }

    /// Where the last `</svg>` starts.
    private static func closingTag(in svg: Data) -> Data.Index? {
        svg.range(of: Data("</svg>".utf8), options: .backwards)?.lowerBound
    }

    /// A number as Cairo writes them: fixed point, at most three decimals (a thousandth of a
    /// point), no exponent and no negative zero, so the bytes never depend on the platform.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        guard thousandths != 0 else { return "0" }
        let magnitude = Int64(abs(thousandths))
        let whole = magnitude / 1000, fraction = magnitude % 1000
        var text = (thousandths < 0 ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// Character data safe in XML 1.0: markup characters escaped, and characters XML cannot
    /// hold at all (C0 controls other than tab, U+FFFE, U+FFFF) left out.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
