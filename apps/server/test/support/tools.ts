// The tools service's launcher as the test app has it: the launch key derived from the test secret.
import { createLauncher, launchKey } from '../../src/modules/tools/launch.js';
import { TEST_JWT_SECRET } from './app.js';

export const testLaunchKey = () => launchKey(null, TEST_JWT_SECRET);

export const testLauncher = (now: () => Date) => createLauncher(testLaunchKey(), now);
