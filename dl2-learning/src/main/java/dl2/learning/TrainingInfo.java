package dl2.learning;

/**
 * Where a policy came from: training phase ({@code sl} or {@code rl}), the step it was saved at,
 * the preset and teacher it was trained with, and the base seed.
 */
public record TrainingInfo(String phase, long step, String preset, String teacher, long seed) {}
