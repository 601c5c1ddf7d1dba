// zlib, for the replay player's compressed page (ChatPlatform's `deflate`).
#include <zlib.h>
