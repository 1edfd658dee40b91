import { useEffect, useId, useState, type FormEvent } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import { newReviewSchema, orderMessages } from '../../../contracts/orders.contract';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Textarea } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { notify } from '../../ui/notify';
import { StarRatingInput } from '../../ui/StarRating';
import { useReviewProduct } from './use-orders';

export type ReviewTarget = { productId: string; productName: string };

/** Write Review: 1 to 5 stars and a comment for a delivered product (one review per product). */
export function ReviewModal({ target, onClose }: { target: ReviewTarget | null; onClose: () => void }) {
  const formId = useId();
  const review = useReviewProduct();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; form?: string }>({});

  useEffect(() => {
    if (target) {
      setRating(0);
      setComment('');
      setErrors({});
    }
  }, [target]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    if (!newReviewSchema.shape.rating.safeParse(rating).success)
      return setErrors({ rating: orderMessages.ratingRequired });
    setErrors({});
    try {
      const saved = await review.mutateAsync({ productId: target.productId, review: { rating, comment } });
      notify.success(saved.message, { action: 'review' });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      const message = err instanceof Error ? err.message : 'Failed to save your review';
      setErrors({
        rating: fields.rating,
        comment: fields.comment,
        form: fields.rating || fields.comment ? undefined : message,
      });
      notify.error(message, { action: 'review' });
    }
  };

  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title="Write Review"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={review.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={review.isPending}>
            {review.isPending ? 'Submitting...' : 'Submit Review'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4" aria-label="Write a review">
        <p className="text-sm text-slate-700">
          How was <strong className="text-slate-900">{target?.productName}</strong>?
        </p>
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <StarRatingInput
          label="Your rating"
          value={rating}
          onChange={(v) => {
            setRating(v);
            setErrors((e) => ({ ...e, rating: undefined }));
          }}
          error={errors.rating}
        />
        <Textarea
          label="Your review"
          rows={4}
          maxLength={maxLengthOf(newReviewSchema.shape.comment)}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={errors.comment}
          hint="What did you like or dislike? Other shoppers will read it."
        />
      </form>
    </Modal>
  );
}
