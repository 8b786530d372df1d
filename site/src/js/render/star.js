// The render worker of the star boards (chinese-checkers, diamond, diamond-kr): see worker.js.
import { serve } from './worker.js';
import { StarBoard } from '../boards/star.js';

serve(StarBoard);
