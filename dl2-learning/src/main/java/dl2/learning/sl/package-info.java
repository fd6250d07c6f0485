/**
 * DL2's supervised warm-up: a teacher scheduler runs on the training traces while {@code
 * TeacherRecorder} turns each task it adds into a labelled sample, and {@code SupervisedWarmup}
 * trains the policy by cross-entropy on batches from a FIFO replay, validating and keeping the best
 * checkpoint. {@code SupervisedConfig} holds every knob; {@code ShadowRecording} reads and writes
 * the samples a live controller records in shadow mode.
 */
package dl2.learning.sl;
