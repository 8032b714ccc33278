// The system ICU's headers, for CICUBridge's C file only; no Swift module imports CICU (see
// Package.swift). Debian's ICU exports versioned symbols (ubrk_open_72): the unversioned
// names are macros, which C code sees and Swift would not.
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
