/// The origin iOS app's fixed numbers for text rows, in one place so that `bubbles measure`,
/// the classic theme's layout and the tests use the same code.
public enum OriginApp {
    /// The app's text font size, points.
    public static let fontSize = 16.0
    /// Avatar side (10 margin + 40 avatar + 10 gap + 10 inset = 70) plus 20 on the other side.
    public static let textWidthInset = 90.0

    /// The widest a text line may be on a screen of this width.
    public static func maxTextWidth(screenWidth: Double) -> Double { screenWidth - textWidthInset }

    /// h > 20 ? h + 20 + 60 : 40 + 60: the text's height plus 10pt insets above and below, plus
    /// 60 (10 top margin, 40 for nickname and time, 10 bottom margin), with a one-line minimum.
    public static func textRowHeight(textHeight h: Double) -> Double {
        h > 20 ? h + 20 + 60 : 40 + 60
    }
}
