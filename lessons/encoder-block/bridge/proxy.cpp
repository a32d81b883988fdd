// The encoder-block proxies are defined in proxy.hpp from the shared
// declarations (declarations.hpp); this file only keeps the library.
#include "encoder-block/bridge/proxy.hpp"
