// The learned-vs-fixed proxies are defined in proxy.hpp from the shared
// declarations (declarations.hpp); this file only keeps the library.
#include "learned-vs-fixed/bridge/proxy.hpp"
