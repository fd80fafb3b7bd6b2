# The viewer's model and panels: everything that draws with ImGui but opens no window. The viewer
# library compiles them with the rest of app/viewer; the fuzz build (tests/fuzz) borrows this same
# list, so a panel added here reaches both and neither can link without it.
set(VEDETTE_VIEWER_PANEL_SOURCES
  viewer_model.cpp
  deployment.cpp
  board_marks.cpp
  ui_text.cpp
  panels/panel_layout.cpp
  panels/timeline_panel.cpp
  panels/event_log_panel.cpp
  panels/explanation_panel.cpp
  panels/episode_panel.cpp
  panels/unit_panel.cpp
  panels/deployment_panel.cpp
  panels/deployment_tools.cpp
  panels/rules_panel.cpp
  panels/scene_overlays.cpp
  panels/measure_overlay.cpp
  panels/notes_panel.cpp
  panels/counter_faces.cpp
  panels/video_overlay.cpp
  what_if.cpp)
