// The render worker of the square boards (checkers, draughts): see worker.js.
import { serve } from './worker.js';
import { SquaresBoard } from '../boards/squares.js';

serve(SquaresBoard);
