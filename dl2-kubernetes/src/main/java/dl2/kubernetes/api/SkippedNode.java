package dl2.kubernetes.api;

/**
 * A node the controller does not use this slot, and why in plain words (e.g. {@code no
 * nvidia.com/gpu}).
 */
public record SkippedNode(String name, String reason) {
  @Override
  public String toString() {
    return name + " (" + reason + ")";
  }
}
