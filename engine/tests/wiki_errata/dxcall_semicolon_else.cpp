// The wiki's DXCall (3.3) in an if with an else, written with the usual semicolon: the
// semicolon ends the if, and the else has none left. XE_WITH_DO_WHILE wraps the macro in
// do { } while (0), which compiles (CTest wiki_errata.dxcall_semicolon_else).
using HRESULT = long;
#define FAILED(hr) (static_cast<HRESULT>(hr) < 0)
#ifdef XE_WITH_DO_WHILE
#define DXCall(x)    \
  do {               \
    if (FAILED(x)) { \
      ++breaks;      \
    }                \
  } while (0)
#else
#define DXCall(x)  \
  if (FAILED(x)) { \
    ++breaks;      \
  }
#endif

int breaks = 0;

int main(int argc, char**) {
  int retries = 0;
  const bool ready = argc > 0;
  if (ready)
    DXCall(0);
  else
    ++retries;
  return retries + breaks;
}
