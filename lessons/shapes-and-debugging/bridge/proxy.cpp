// The shapes-and-debugging proxies are defined in proxy.hpp from the shared
// declarations (declarations.hpp); this file only keeps the library.
#include "shapes-and-debugging/bridge/proxy.hpp"
