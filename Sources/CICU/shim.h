// Debian's ICU exports versioned symbols (ubrk_open_72); the unversioned names are
// macros Swift cannot see, so each function we use gets a static inline wrapper.
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>

static inline UBreakIterator *cb_ubrk_open(UBreakIteratorType type, const char *locale,
                                           const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open(type, locale, text, length, status);
}
static inline UBreakIterator *cb_ubrk_clone(const UBreakIterator *bi, UErrorCode *status) {
    return ubrk_clone(bi, status);
}
static inline void cb_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline void cb_ubrk_setText(UBreakIterator *bi, const UChar *text, int32_t length, UErrorCode *status) {
    ubrk_setText(bi, text, length, status);
}
static inline int32_t cb_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t cb_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t cb_ubrk_getRuleStatus(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }

static inline UBiDi *cb_ubidi_open(void) { return ubidi_open(); }
static inline void cb_ubidi_close(UBiDi *b) { ubidi_close(b); }
static inline void cb_ubidi_setPara(UBiDi *b, const UChar *text, int32_t length, UBiDiLevel paraLevel,
                                    UBiDiLevel *embeddingLevels, UErrorCode *status) {
    ubidi_setPara(b, text, length, paraLevel, embeddingLevels, status);
}
static inline UBiDiLevel cb_ubidi_getParaLevel(const UBiDi *b) { return ubidi_getParaLevel(b); }
static inline const UBiDiLevel *cb_ubidi_getLevels(UBiDi *b, UErrorCode *status) { return ubidi_getLevels(b, status); }
static inline UBiDiDirection cb_ubidi_getDirection(const UBiDi *b) { return ubidi_getDirection(b); }
static inline void cb_ubidi_reorderVisual(const UBiDiLevel *levels, int32_t length, int32_t *indexMap) {
    ubidi_reorderVisual(levels, length, indexMap);
}
static inline UBiDiDirection cb_ubidi_getBaseDirection(const UChar *text, int32_t length) {
    return ubidi_getBaseDirection(text, length);
}

static inline UScriptCode cb_uscript_getScript(UChar32 c, UErrorCode *status) { return uscript_getScript(c, status); }
static inline const char *cb_uscript_getShortName(UScriptCode s) { return uscript_getShortName(s); }
static inline UBool cb_u_hasBinaryProperty(UChar32 c, UProperty which) { return u_hasBinaryProperty(c, which); }
static inline int32_t cb_u_getIntPropertyValue(UChar32 c, UProperty which) { return u_getIntPropertyValue(c, which); }
static inline int8_t cb_u_charType(UChar32 c) { return u_charType(c); }
static inline UCharDirection cb_u_charDirection(UChar32 c) { return u_charDirection(c); }
static inline const char *cb_u_errorName(UErrorCode code) { return u_errorName(code); }
