/// Fonts, fallback chains and the OpenType table readers are their own module (BubbleFonts);
/// every user of the text engine sees them as before.
@_exported import BubbleFonts
