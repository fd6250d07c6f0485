package dl2.learning.sl;

/**
 * One supervised sample (dl2-spec §8): the state just before a teacher's increment, its mask, and
 * the action the teacher took, or -1 for an all-zero label (the job was outside the window).
 */
public record LabelledSample(double[] state, boolean[] mask, int label) {
  public boolean hasLabel() {
    return label >= 0;
  }
}
