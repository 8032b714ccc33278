#ifndef CICU_BRIDGE_H
#define CICU_BRIDGE_H

// ICU behind plain C types. Foundation on Linux carries its own ICU whose enums (UErrorCode,
// UScriptCode, …) have other definitions; a Swift module that sees both fails to build. This
// header names no ICU type, so BubbleUnicode can import it without hiding it, and no module
// that imports Foundation ever loads the system ICU's headers. Status codes are ICU's
// UErrorCode values: 0 success, negative a warning, positive a failure.

#include <stdint.h>

typedef struct cb_break_iterator cb_break_iterator;
typedef struct cb_bidi cb_bidi;

typedef enum cb_break_kind { CB_BREAK_CHARACTER = 0, CB_BREAK_LINE = 1 } cb_break_kind;

/// Boundaries of `kind` in the root ("en") rules, so results never depend on the machine's locale.
cb_break_iterator *cb_break_open(cb_break_kind kind, int32_t *status);
cb_break_iterator *cb_break_clone(const cb_break_iterator *iterator, int32_t *status);
void cb_break_close(cb_break_iterator *iterator);
void cb_break_set_text(cb_break_iterator *iterator, const uint16_t *text, int32_t length, int32_t *status);
int32_t cb_break_first(cb_break_iterator *iterator);
/// The next boundary, or -1 after the last.
int32_t cb_break_next(cb_break_iterator *iterator);
/// 1 when the boundary a line iterator just returned is a mandatory (hard) break.
int32_t cb_break_is_hard_line_break(cb_break_iterator *iterator);

cb_bidi *cb_bidi_open(void);
void cb_bidi_close(cb_bidi *bidi);
/// One paragraph whose level comes from its first strong character, LTR when there is none.
void cb_bidi_set_paragraph(cb_bidi *bidi, const uint16_t *text, int32_t length, int32_t *status);
uint8_t cb_bidi_paragraph_level(const cb_bidi *bidi);
const uint8_t *cb_bidi_levels(cb_bidi *bidi, int32_t *status);
void cb_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *index_map);

/// ICU's script code of a code point.
int32_t cb_script_of(int32_t code_point, int32_t *status);
/// 1 for Common and Inherited, the scripts that take their neighbours'.
int32_t cb_script_is_neutral(int32_t script);
/// One more than the largest script code.
int32_t cb_script_code_limit(void);
/// The ISO 15924 code (`Latn`), or NULL.
const char *cb_script_short_name(int32_t script);

int32_t cb_is_extended_pictographic(int32_t code_point);
int32_t cb_is_default_ignorable(int32_t code_point);
int32_t cb_is_white_space(int32_t code_point);
int32_t cb_is_emoji_presentation(int32_t code_point);
/// General category Cf, Zl or Zp.
int32_t cb_is_format_or_separator(int32_t code_point);
/* The table UnicodeScalars.bmpFlags holds (65,536 bytes, zeroed by the caller): bit 1 White_Space
   and bit 4 Emoji_Presentation up to property_limit, bit 2 categories Cc, Cf, Zl and Zp. */
void cb_fill_bmp_flags(uint8_t *flags, int32_t property_limit);
/// Grapheme_Cluster_Break=Other.
int32_t cb_grapheme_break_is_other(int32_t code_point);
/// `GraphemeRules`' class of a code point (its Grapheme_Cluster_Break, 0 for Other), with
/// CB_GRAPHEME_PICTOGRAPHIC set when it is Extended_Pictographic.
typedef enum cb_grapheme_class {
    CB_GCB_OTHER = 0, CB_GCB_CR = 1, CB_GCB_LF = 2, CB_GCB_CONTROL = 3, CB_GCB_EXTEND = 4, CB_GCB_ZWJ = 5,
    CB_GCB_REGIONAL_INDICATOR = 6, CB_GCB_PREPEND = 7, CB_GCB_SPACING_MARK = 8, CB_GCB_L = 9, CB_GCB_V = 10,
    CB_GCB_T = 11, CB_GCB_LV = 12, CB_GCB_LVT = 13
} cb_grapheme_class;
#define CB_GRAPHEME_PICTOGRAPHIC 0x80
int32_t cb_grapheme_property(int32_t code_point);

/// The few Line_Break classes `CommonLineBreaks` takes beyond ASCII, by ICU's data.
typedef enum cb_line_break_class {
    CB_LB_OTHER = 0, CB_LB_ALPHABETIC = 1, CB_LB_IDEOGRAPHIC = 2, CB_LB_CLOSE_PUNCTUATION = 3,
    CB_LB_INFIX_SEPARATOR = 4, CB_LB_EXCLAMATION = 5, CB_LB_NUMERIC = 6, CB_LB_HEBREW_LETTER = 7,
    CB_LB_COMBINING_MARK = 8, CB_LB_QUOTATION = 9, CB_LB_EMOJI_BASE = 10, CB_LB_EMOJI_MODIFIER = 11,
    CB_LB_REGIONAL_INDICATOR = 12, CB_LB_ZWJ = 13, CB_LB_NONSTARTER = 14, CB_LB_SOLIDUS = 15, CB_LB_AMBIGUOUS = 16
} cb_line_break_class;
cb_line_break_class cb_line_break_class_of(int32_t code_point);

/// ICU's name of a status code (`U_MEMORY_ALLOCATION_ERROR`).
const char *cb_error_name(int32_t status);

/// The loaded ICU's version as "major.minor[.milli]" (u_getVersion, u_versionToString)
/// into `buffer` of at least 20 bytes.
void cb_icu_version(char *buffer);

#endif
