#include <stddef.h>
#include <turbojpeg.h>
