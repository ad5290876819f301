// The head to show, from the server's environment.
import { env } from '$env/dynamic/private';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = () => ({ head: env.DH_HEAD ?? '' });
