// The only file that sees the system ICU's headers (see CICUBridge.h for why).
#include "CICUBridge.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

// UErrorCode is an int-sized enum: statuses pass through int32_t unchanged.
_Static_assert(sizeof(UErrorCode) == sizeof(int32_t), "UErrorCode is not 32 bits");
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar is not 16 bits");
_Static_assert(sizeof(UBiDiLevel) == sizeof(uint8_t), "UBiDiLevel is not 8 bits");

cb_break_iterator *cb_break_open(cb_break_kind kind, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(kind == CB_BREAK_LINE ? UBRK_LINE : UBRK_CHARACTER, "en", NULL, 0, &code);
    *status = code;
    return (cb_break_iterator *)iterator;
}

cb_break_iterator *cb_break_clone(const cb_break_iterator *iterator, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *clone = ubrk_clone((const UBreakIterator *)iterator, &code);
    *status = code;
    return (cb_break_iterator *)clone;
}

void cb_break_close(cb_break_iterator *iterator) { ubrk_close((UBreakIterator *)iterator); }

void cb_break_set_text(cb_break_iterator *iterator, const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &code);
    *status = code;
}

int32_t cb_break_first(cb_break_iterator *iterator) { return ubrk_first((UBreakIterator *)iterator); }

int32_t cb_break_next(cb_break_iterator *iterator) {
    int32_t offset = ubrk_next((UBreakIterator *)iterator);
    return offset == UBRK_DONE ? -1 : offset;
}

int32_t cb_break_is_hard_line_break(cb_break_iterator *iterator) {
    int32_t rule = ubrk_getRuleStatus((UBreakIterator *)iterator);
    return rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
}

cb_bidi *cb_bidi_open(void) { return (cb_bidi *)ubidi_open(); }

void cb_bidi_close(cb_bidi *bidi) { ubidi_close((UBiDi *)bidi); }

void cb_bidi_set_paragraph(cb_bidi *bidi, const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &code);
    *status = code;
}

uint8_t cb_bidi_paragraph_level(const cb_bidi *bidi) { return ubidi_getParaLevel((const UBiDi *)bidi); }

const uint8_t *cb_bidi_levels(cb_bidi *bidi, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const UBiDiLevel *levels = ubidi_getLevels((UBiDi *)bidi, &code);
    *status = code;
    return levels;
}

void cb_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *index_map) {
    ubidi_reorderVisual(levels, length, index_map);
}

int32_t cb_script_of(int32_t code_point, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(code_point, &code);
    *status = code;
    return script;
}

int32_t cb_script_is_neutral(int32_t script) { return script == USCRIPT_COMMON || script == USCRIPT_INHERITED; }

int32_t cb_script_code_limit(void) { return USCRIPT_CODE_LIMIT; }

const char *cb_script_short_name(int32_t script) { return uscript_getShortName((UScriptCode)script); }

int32_t cb_is_extended_pictographic(int32_t c) { return u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) != 0; }
int32_t cb_is_default_ignorable(int32_t c) { return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) != 0; }
int32_t cb_is_white_space(int32_t c) { return u_hasBinaryProperty(c, UCHAR_WHITE_SPACE) != 0; }
int32_t cb_is_emoji_presentation(int32_t c) { return u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION) != 0; }

int32_t cb_is_format_or_separator(int32_t c) {
    int8_t type = u_charType(c);
    return type == U_FORMAT_CHAR || type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR;
}

/* Sets bit 2 of flags[c] for every BMP code point of category Cc, Cf, Zl or Zp, walking ICU's
   ranges of one category (a few thousand) instead of asking per code point. */
static UBool cb_mark_invisible(const void *context, UChar32 start, UChar32 limit, UCharCategory type) {
    uint8_t *flags = (uint8_t *)context;
    if (type == U_CONTROL_CHAR || type == U_FORMAT_CHAR || type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR) {
        for (UChar32 c = start; c < limit && c < 0x10000; c++) flags[c] |= 2;
    }
    return start < 0x10000;
}

void cb_fill_bmp_flags(uint8_t *flags, int32_t property_limit) {
    u_enumCharTypes(cb_mark_invisible, flags);
    for (UChar32 c = 0; c <= property_limit && c < 0x10000; c++) {
        if (u_hasBinaryProperty(c, UCHAR_WHITE_SPACE)) flags[c] |= 1;
        if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) flags[c] |= 4;
    }
}

int32_t cb_grapheme_break_is_other(int32_t c) {
    return u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK) == U_GCB_OTHER;
}

int32_t cb_grapheme_property(int32_t c) {
    int32_t result;
    switch (u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_CR: result = CB_GCB_CR; break;
    case U_GCB_LF: result = CB_GCB_LF; break;
    case U_GCB_CONTROL: result = CB_GCB_CONTROL; break;
    case U_GCB_EXTEND: result = CB_GCB_EXTEND; break;
    case U_GCB_ZWJ: result = CB_GCB_ZWJ; break;
    case U_GCB_REGIONAL_INDICATOR: result = CB_GCB_REGIONAL_INDICATOR; break;
    case U_GCB_PREPEND: result = CB_GCB_PREPEND; break;
    case U_GCB_SPACING_MARK: result = CB_GCB_SPACING_MARK; break;
    case U_GCB_L: result = CB_GCB_L; break;
    case U_GCB_V: result = CB_GCB_V; break;
    case U_GCB_T: result = CB_GCB_T; break;
    case U_GCB_LV: result = CB_GCB_LV; break;
    case U_GCB_LVT: result = CB_GCB_LVT; break;
    default: result = CB_GCB_OTHER; break; /* Other, and the emoji classes Unicode 11 retired */
    }
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) result |= CB_GRAPHEME_PICTOGRAPHIC;
    return result;
}

cb_line_break_class cb_line_break_class_of(int32_t c) {
    switch (u_getIntPropertyValue(c, UCHAR_LINE_BREAK)) {
    case U_LB_ALPHABETIC: return CB_LB_ALPHABETIC;
    case U_LB_IDEOGRAPHIC: return CB_LB_IDEOGRAPHIC;
    case U_LB_CLOSE_PUNCTUATION: return CB_LB_CLOSE_PUNCTUATION;
    case U_LB_INFIX_NUMERIC: return CB_LB_INFIX_SEPARATOR;
    case U_LB_EXCLAMATION: return CB_LB_EXCLAMATION;
    case U_LB_NUMERIC: return CB_LB_NUMERIC;
    case U_LB_HEBREW_LETTER: return CB_LB_HEBREW_LETTER;
    case U_LB_COMBINING_MARK: return CB_LB_COMBINING_MARK;
    case U_LB_QUOTATION: return CB_LB_QUOTATION;
    case U_LB_E_BASE: return CB_LB_EMOJI_BASE;
    case U_LB_E_MODIFIER: return CB_LB_EMOJI_MODIFIER;
    case U_LB_REGIONAL_INDICATOR: return CB_LB_REGIONAL_INDICATOR;
    case U_LB_ZWJ: return CB_LB_ZWJ;
    case U_LB_NONSTARTER: case U_LB_CONDITIONAL_JAPANESE_STARTER: return CB_LB_NONSTARTER;
    case U_LB_BREAK_SYMBOLS: return CB_LB_SOLIDUS;
    case U_LB_AMBIGUOUS: return CB_LB_AMBIGUOUS;
    default: return CB_LB_OTHER;
    }
}

const char *cb_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

void cb_icu_version(char *buffer) {
    UVersionInfo version;
    u_getVersion(version);
    u_versionToString(version, buffer);
}
