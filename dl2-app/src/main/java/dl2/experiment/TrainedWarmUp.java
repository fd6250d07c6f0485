package dl2.experiment;

import dl2.learning.file.PolicyFile;
import dl2.learning.sl.ValidationPoint;
import java.util.List;

/**
 * The outcome of one supervised warm-up run ({@link StudyContext#warmUp}): its validation curve,
 * with the teacher's JCT, and its best checkpoint.
 *
 * @param teacher the scheduler imitated, as the study named it
 * @param curve validation points
 * @param best the checkpoint with the lowest greedy validation JCT
 */
public record TrainedWarmUp(String teacher, List<ValidationPoint> curve, PolicyFile best) {
  public double teacherJct() {
    return curve.get(0).teacherJct();
  }

  public double bestJct() {
    return curve.stream().mapToDouble(ValidationPoint::greedyJct).min().orElse(Double.NaN);
  }
}
