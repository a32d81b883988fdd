// The multi-head-attention proxies are defined in proxy.hpp from the shared
// declarations (declarations.hpp); this file only keeps the library.
#include "multi-head-attention/bridge/proxy.hpp"
