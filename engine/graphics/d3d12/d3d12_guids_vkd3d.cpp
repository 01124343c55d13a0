// Emits the IID_* constants declared by vkd3d's headers (exactly one file defines INITGUID).
// Windows links dxguid instead.
#define INITGUID
#include "graphics/d3d12/d3d12_common.h"
