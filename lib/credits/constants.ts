// Credit amounts fixed by the product.
export const TRIAL_CREDITS = 60;
