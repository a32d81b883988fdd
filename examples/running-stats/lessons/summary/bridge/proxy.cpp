// The proxies are defined in proxy.hpp; this file only keeps the library.
#include "summary/bridge/proxy.hpp"
