// The order-matters proxies are defined in proxy.hpp from the shared
// declarations (declarations.hpp); this file only keeps the library.
#include "order-matters/bridge/proxy.hpp"
