// The proxies are defined in proxy.hpp; this file only keeps the library.
#include "accumulator/bridge/proxy.hpp"
