#pragma once
// A held shot kept alive. A video that stops on one picture while a caption is read looks like a
// slideshow; a camera operator keeps the shot breathing instead: the camera circles its target by
// a few degrees and slowly pushes in and eases back out. The drift is a function of video time
// alone (never of the replay moment), so the same export always gives the same frames, and it is
// laid over whatever shot the director chose, so framing decisions stay the director's.
//
// The circling and the push run a quarter period apart: when one turns round (at rest for an
// instant) the other moves at its fastest, so there is motion in every second of the video.

#include "renderer/scene/camera.h"

namespace vedette::render {

struct CameraDrift {
    float yaw_deg = 2.5f;    // the circling's swing either side of the director's angle
    float push = 0.04f;      // the push-in's depth, a share of the distance to the target
    double period_s = 16.0;  // one full swing and one push-in and back out
};

// `shot` moved as the drift stands `video_s` seconds into the video (aspect: width / height).
Camera drifted_camera(const Camera& shot, double video_s, float aspect,
                      const CameraDrift& drift = {});

}  // namespace vedette::render
