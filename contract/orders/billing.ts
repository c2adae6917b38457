import { z } from "../core/zod";
import { MSG } from "../core/messages";

// spec 1 §5 Demo card: checked by pattern only; Visa (4…) or Mastercard (51–55, 2221–2720)
const VISA = /^4\d{12}(\d{3}){0,2}$/;
const MASTER = /^(5[1-5]\d{2}|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)\d{12}$/;
export const cardType = (digits: string): "Visa" | "Master" => (digits.startsWith("4") ? "Visa" : "Master");

export const demoCardSchema = z.object({
  cardHolderName: z.string({ error: MSG.cardHolderRequired }).trim().min(1, MSG.cardHolderRequired).max(50),
  cardNumber: z
    .string({ error: MSG.cardNumber })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine((v) => VISA.test(v) || MASTER.test(v), MSG.cardNumber),
  exp: z
    .string({ error: MSG.cardExpiry })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, MSG.cardExpiry),
  cvv: z
    .string({ error: MSG.cardCvv })
    .trim()
    .regex(/^\d{3,4}$/, MSG.cardCvv),
});
