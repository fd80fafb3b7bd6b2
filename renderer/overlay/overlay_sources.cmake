# The presenter's overlay layers and what they draw with (no back end: the layers know only the
# canvas). The renderer library compiles them; the fuzz build (tests/fuzz), which draws the
# viewer's panels without a window, borrows the same list. A layer is one file in layers/,
# picked up here without an edit.
set(VEDETTE_OVERLAY_SOURCES
  canvas.cpp
  card_painter.cpp
  label_painter.cpp
  luck_painter.cpp
  marks_painter.cpp
  presenter_layout.cpp
  presenter_layers.cpp)
list(TRANSFORM VEDETTE_OVERLAY_SOURCES PREPEND "${CMAKE_CURRENT_LIST_DIR}/")
file(GLOB VEDETTE_OVERLAY_LAYER_SOURCES CONFIGURE_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/layers/*.cpp")
list(SORT VEDETTE_OVERLAY_LAYER_SOURCES)
list(APPEND VEDETTE_OVERLAY_SOURCES ${VEDETTE_OVERLAY_LAYER_SOURCES})
