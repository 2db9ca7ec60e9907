// Human-readable ranges of each layout, for 22008 error details. They follow
// from the field widths in src/core/layout.cpp and are checked by the
// regression tests at both edges.
#pragma once

namespace uuid6::pg {

constexpr const char* kV6Range = "1582-10-15 00:00:00 to 5236-03-31 21:21:00.684697 UTC";
constexpr const char* kV7Range = "1970-01-01 00:00:00 to 10889-08-02 05:31:50.655999 UTC";
constexpr const char* kV8Range = "1970-01-01 00:00:00 to 2554-07-21 23:34:33.709551 UTC";

}  // namespace uuid6::pg
