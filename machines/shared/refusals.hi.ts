// The refusal catalogue in Hindi: every key of refusals.ts. The compiler checks none is missing where
// refusals.ts takes this table as a catalogue (it imports nothing back, so the two files make no
// cycle); tests/architecture/refusals.test.ts checks there is no other.

export const REFUSALS_HI = {
  // Answers any request can get
  invalid: 'भेजे गए कुछ मान सही नहीं हैं। कृपया उन्हें जाँचकर फिर से कोशिश करें।',
  required: 'यह फ़ील्ड आवश्यक है।',
  'required:image': 'कृपया अपलोड करने के लिए एक इमेज चुनें।',
  does_not_exist: 'आपका चुना हुआ रिकॉर्ड मौजूद नहीं है।',
  invalid_upload: 'कृपया अपलोड करने के लिए एक इमेज चुनें।',
  invalid_date_range: 'आख़िरी तारीख़ शुरुआती तारीख़ के दिन या उसके बाद की होनी चाहिए।',
  not_authenticated: 'लॉग इन की जानकारी नहीं भेजी गई। कृपया लॉग इन करें।',
  permission_denied: 'आपको यह काम करने की अनुमति नहीं है।',
  not_found: 'नहीं मिला।',
  throttled: 'बहुत ज़्यादा अनुरोध हो गए। कृपया बाद में फिर से कोशिश करें।',
  too_large: 'भेजा गया डेटा बहुत बड़ा है।',
  parse_error: 'अनुरोध पढ़ा नहीं जा सका। JSON भेजें।',
  bad_request: 'अनुरोध समझा नहीं जा सका।',
  server_error: 'सर्वर में आंतरिक त्रुटि हुई।',
  storage_unavailable: 'सर्वर का स्टोरेज अभी उपलब्ध नहीं है। कृपया बाद में फिर से कोशिश करें।',
  'storage_unavailable:database': 'डेटाबेस अभी उपलब्ध नहीं है।',
  'storage_unavailable:full': 'सर्वर का स्टोरेज भर गया है। कृपया बाद में फिर से कोशिश करें।',

  // Accounts, sign-in and plans
  'account.conflict': 'इस बीच आपका खाता बदल गया। कृपया फिर से कोशिश करें।',
  'otp.required': 'OTP आवश्यक है: कृपया OTP दर्ज करें।',
  'otp.invalid': 'ग़लत OTP। कृपया फिर से कोशिश करें।',
  'otp.expired': 'OTP की अवधि समाप्त हो गई है या OTP माँगा ही नहीं गया था। कृपया नया OTP माँगें।',
  'otp.too_many_attempts': 'बहुत ज़्यादा ग़लत प्रयास हो गए। कृपया नया OTP माँगें।',
  'sign_in.phone_shared': 'यह फ़ोन नंबर एक से ज़्यादा खातों में है। कृपया अपने यूज़रनेम और पासवर्ड से लॉग इन करें।',
  'sign_in.unverified':
    'आपका फ़ोन नंबर अभी सत्यापित नहीं हुआ है। हमने आपको सत्यापन कोड भेजा है: पंजीकरण पूरा करने के लिए उसे दर्ज करें।',
  'reset.invalid_link': 'पासवर्ड रीसेट लिंक अमान्य है या इसकी समय-सीमा समाप्त हो गई है।',
  'plan.code_taken': 'इस कोड का प्लान पहले से मौजूद है।',
  'backup.not_sqlite':
    'यह सर्वर अपना डेटा PostgreSQL (DATABASE_URL) में रखता है, एम्बेडेड डेटाबेस में नहीं: इसका बैकअप pg_dump से लें।',
  'settings.max_dues_zero':
    'बकाया की अनुमति के साथ वह सबसे बड़ी रकम लिखें जो सदस्यता बकाया रखकर भी शुरू हो सके (कम से कम ₹1); पूरे भुगतान का इंतज़ार करने के लिए पूरा भुगतान चुनें।',
  'settings.min_extending_above_max':
    'योजना बढ़ाने वाली सबसे छोटी छुट्टी ({min} दिन) सबसे लंबी छुट्टी ({max} दिन) से लंबी नहीं हो सकती।',
  'adjustment.key_reused':
    'यह ऑपरेशन कुंजी पहले ही किसी दूसरे बदलाव (अलग दिन या कारण) के लिए इस्तेमाल हो चुकी है।',
  'webhook.not_configured': 'वेबहुक कॉन्फ़िगर नहीं किए गए हैं।',
  'webhook.invalid_signature': 'वेबहुक का सिग्नेचर अमान्य है।',

  // Onboarding
  'onboarding.already_verified': 'यह फ़ोन नंबर पहले से सत्यापित है।',
  'onboarding.otp_required': 'प्रोफ़ाइल पूरी करने से पहले कृपया अपना फ़ोन नंबर सत्यापित करें।',
  'onboarding.owner_profile_read_only': 'मेस मालिक की प्रोफ़ाइल केवल देखी जा सकती है, बदली नहीं जा सकती।',
  'onboarding.service_choice_required': 'टिफ़िन सेवा या मेस सेवा में से ठीक एक चुनें।',
  'onboarding.profile_fields_required': 'कृपया प्रोफ़ाइल के सभी आवश्यक फ़ील्ड भरें।',
  'onboarding.profile_type_mismatch':
    'यह इस ग्राहक के प्रकार की प्रोफ़ाइल नहीं है: छात्र की छात्र प्रोफ़ाइल होती है, सामान्य ग्राहक का पता।',
  'onboarding.account_erased': 'इस ग्राहक का खाता मिटाया जा चुका है; इसका विवरण अब बदला नहीं जा सकता।',

  // Subscriptions
  'subscription.deleted': 'यह सदस्यता हटाई जा चुकी है।',
  'subscription.not_pending_payment': 'यह सदस्यता भुगतान की प्रतीक्षा में नहीं है।',
  'subscription.not_pending_payment:pay':
    'केवल भुगतान की प्रतीक्षा वाली सदस्यताओं का ही भुगतान किया जा सकता है।',
  'subscription.not_pending_payment:delete': 'केवल भुगतान की प्रतीक्षा वाली सदस्यताएँ ही हटाई जा सकती हैं।',
  'subscription.part_paid':
    'इस सदस्यता का कुछ भुगतान हो चुका है, इसलिए इसे हटाया नहीं जा सकता। शुरू करने के लिए बाकी भुगतान करें, या मेस से पूछें।',
  'subscription.not_active': 'केवल सक्रिय सदस्यताएँ ही बदली जा सकती हैं।',
  'subscription.not_active:request_leave': 'छुट्टी का अनुरोध केवल सक्रिय सदस्यता पर किया जा सकता है।',
  'subscription.not_active:cancel': 'केवल सक्रिय सदस्यताएँ ही रद्द की जा सकती हैं।',
  'subscription.not_active:expire': 'केवल सक्रिय सदस्यताएँ ही समाप्त हो सकती हैं।',
  'subscription.not_active:extend': 'केवल सक्रिय सदस्यताएँ ही बढ़ाई जा सकती हैं।',
  'subscription.not_active:adjust': 'केवल सक्रिय सदस्यताओं की समाप्ति की तारीख़ बदली जा सकती है।',
  'subscription.not_expired': 'केवल समाप्त हो चुकी सदस्यताएँ ही रिन्यू की जा सकती हैं।',
  'subscription.not_cancelled': 'रिफ़ंड का अनुरोध केवल रद्द की गई सदस्यता के लिए ही किया जा सकता है।',
  'subscription.not_ended': 'सदस्यता अभी अपनी समाप्ति की तारीख़ तक नहीं पहुँची है।',
  'subscription.already_started': 'यह सदस्यता पहले ही शुरू हो चुकी है।',
  'subscription.invalid_extension': 'बढ़ोतरी पूरे दिनों में होनी चाहिए, कम से कम एक दिन।',
  'subscription.invalid_adjustment': 'बदलाव -{max} से {max} तक के पूरे दिनों का होना चाहिए, शून्य नहीं।',
  'subscription.reason_required':
    'कृपया कारण बताएँ; ग्राहक को बताया जाता है कि उनकी सदस्यता की समाप्ति की तारीख़ क्यों बदली।',
  'subscription.end_before_today':
    'नई समाप्ति की तारीख़ आज से पहले की होगी, जिससे सदस्यता तुरंत ख़त्म हो जाएगी।',
  'subscription.shortens_paid_days':
    'घटाने पर केवल पहले दिए गए दिन ही वापस लिए जा सकते हैं; भुगतान किए गए दिन या स्वीकृत छुट्टी नहीं हटाई जा सकती।',
  'subscription.plan_inactive': 'यह प्लान अब उपलब्ध नहीं है।',
  'subscription.no_successful_payment': 'इस सदस्यता का कोई सफल भुगतान नहीं है, जिसका रिफ़ंड दिया जा सके।',
  'subscription.refund_exists': 'इस सदस्यता के लिए रिफ़ंड का अनुरोध पहले ही किया जा चुका है।',
  'subscription.profile_incomplete': 'सदस्यता लेने से पहले कृपया अपनी प्रोफ़ाइल पूरी करें।',
  'subscription.service_type_mismatch':
    'इस प्लान की सेवा का प्रकार आपकी प्रोफ़ाइल में चुनी गई सेवा से मेल नहीं खाता।',
  'subscription.already_subscribed': 'इस प्लान की आपकी एक सदस्यता पहले से सक्रिय या लंबित है।',
  'subscription.too_many_pending': 'भुगतान की प्रतीक्षा में आपकी अधिकतम {count} सदस्यताएँ हो सकती हैं।',

  // Orders and payments
  'order.already_paid': 'इस ऑर्डर का भुगतान पहले ही हो चुका है।',
  'order.not_open': 'इस ऑर्डर का भुगतान अब नहीं किया जा सकता।',
  'payment.not_initiated': 'केवल शुरू किया गया भुगतान ही लंबित हो सकता है।',
  'payment.already_settled': 'यह भुगतान पहले ही सफल या विफल हो चुका है।',
  'payment.not_new': 'केवल नया भुगतान ही मेस पर मिले भुगतान के रूप में दर्ज किया जा सकता है।',
  'payment.transaction_id_required': 'सफल भुगतान के लिए भुगतान प्रदाता की भुगतान आईडी चाहिए।',
  'payment.amount_mismatch':
    'राशि कम से कम ₹1 और अधिक से अधिक उतनी होनी चाहिए जितना सदस्यता पर अभी बकाया है।',
  'payment.amount_mismatch:due':
    'राशि कम से कम ₹1 और अधिक से अधिक {due} होनी चाहिए, जितना सदस्यता पर अभी बकाया है।',
  'payment.reference_required':
    'UPI और बैंक ट्रांसफ़र के लिए रेफ़रेंस आवश्यक है: UPI ट्रांज़ैक्शन आईडी या बैंक का UTR।',
  'payment.received_in_future': 'भुगतान मिलने की तारीख़ भविष्य की नहीं हो सकती।',
  'payment.received_before_subscription': 'भुगतान मिलने की तारीख़ सदस्यता बनने से पहले की नहीं हो सकती।',
  'payment.provider_unavailable': 'भुगतान शुरू नहीं हो सका।',
  'payment.order_not_open': 'इस ऑर्डर का भुगतान अब नहीं किया जा सकता।',
  'payment.not_settled': 'भुगतान सत्यापित नहीं हो सका।',
  'payment.invalid_signature': 'भुगतान सत्यापित नहीं हो सका।',
  'payment.declined': 'भुगतान अस्वीकार कर दिया गया।',

  // Leaves
  'leave.deleted': 'छुट्टी का यह अनुरोध हटाया जा चुका है।',
  'leave.not_pending': 'केवल लंबित छुट्टी के अनुरोध ही बदले जा सकते हैं।',
  'leave.not_pending:approve': 'केवल लंबित छुट्टी के अनुरोध ही स्वीकार किए जा सकते हैं।',
  'leave.not_pending:reject': 'केवल लंबित छुट्टी के अनुरोध ही अस्वीकार किए जा सकते हैं।',
  'leave.not_pending:delete': 'केवल लंबित छुट्टी के अनुरोध ही हटाए जा सकते हैं।',
  'leave.comment_required': 'एडमिन की टिप्पणी आवश्यक है।',
  'leave.subscription_not_active': 'छुट्टी का अनुरोध केवल सक्रिय सदस्यता पर किया जा सकता है।',
  'leave.subscription_not_active:approve': 'छुट्टी तभी स्वीकार की जा सकती है जब उसकी सदस्यता सक्रिय हो।',
  'leave.subscription_not_found': 'सदस्यता नहीं मिली।',
  'leave.past_dates': 'बीती तारीख़ों के लिए छुट्टी का अनुरोध नहीं किया जा सकता',
  'leave.end_before_start': 'अंतिम तारीख़, शुरू होने की तारीख़ के दिन या उसके बाद की होनी चाहिए।',
  'leave.after_subscription_end': 'छुट्टी सदस्यता की समाप्ति की तारीख़ को या उससे पहले शुरू होनी चाहिए।',
  'leave.before_subscription_start':
    'यह सदस्यता {day} से शुरू होती है: इस पर छुट्टी उसी दिन या उसके बाद से ही शुरू हो सकती है।',
  'leave.too_long': 'एक छुट्टी अधिकतम {count} दिन की हो सकती है।',
  'leave.month_limit':
    'एक महीने में अधिकतम {count} दिन की छुट्टी ली जा सकती है: {month} में {days} दिन की छुट्टी हो जाएगी।',
  'leave.after_cutoff':
    '{day} से छुट्टी का अनुरोध {meal} तय होने से पहले, {cutoff_day} को {time} तक करना था।',
  'leave.overlaps': 'यह छुट्टी किसी दूसरी लंबित या स्वीकृत छुट्टी से टकराती है।',
  'leave.pending_exists': 'छुट्टी का आपका एक अनुरोध पहले से लंबित है।',

  // Feedback
  'feedback.deleted': 'यह फ़ीडबैक हटाया जा चुका है।',
  'feedback.not_open': 'केवल खुला फ़ीडबैक ही बदला जा सकता है।',
  'feedback.not_open:delete': 'केवल खुला फ़ीडबैक ही हटाया जा सकता है।',
  'feedback.not_open:add_attachment': 'अटैचमेंट केवल खुले फ़ीडबैक में ही जोड़े जा सकते हैं।',
  'feedback.not_open:remove_attachment': 'अटैचमेंट केवल खुले फ़ीडबैक से ही हटाए जा सकते हैं।',
  'feedback.status_required': 'स्थिति आवश्यक है: अपडेट करने के लिए कृपया एक स्थिति चुनें।',
  'feedback.response_required': 'जवाब आवश्यक है: भेजने से पहले कृपया जवाब लिखें।',
  'feedback.attachments_disabled': 'इस फ़ीडबैक के लिए अटैचमेंट बंद हैं।',
  'feedback.attachment_exists': 'इस फ़ीडबैक में पहले से एक अटैचमेंट है।',
  'feedback.no_attachment': 'इस फ़ीडबैक में कोई अटैचमेंट नहीं है।',
  'feedback.open_exists':
    'आपका एक फ़ीडबैक पहले से खुला है। कृपया नया फ़ीडबैक भेजने से पहले उसके सुलझने तक प्रतीक्षा करें।',
  'feedback.meal_details_required': 'भोजन की शिकायत के लिए भोजन की तारीख़ और भोजन का प्रकार आवश्यक हैं।',
  'feedback.meal_date_in_future': 'भोजन की तारीख़ भविष्य की नहीं हो सकती।',
  'feedback.attachment_too_large': 'अटैचमेंट 5MB से छोटा होना चाहिए।',
  'feedback.attachment_not_image': 'अटैचमेंट JPEG, PNG या WebP इमेज होनी चाहिए।',
  'feedback.subscription_not_found': 'सदस्यता नहीं मिली।',
  'feedback.conflict': 'इस बीच यह फ़ीडबैक बदल गया। कृपया फिर से कोशिश करें।',

  // Meal skips
  'meal_skip.disabled': 'इस मेस ने एक भोजन छोड़ने की सुविधा बंद रखी है।',
  'meal_skip.subscription_not_found': 'सदस्यता नहीं मिली।',
  'meal_skip.subscription_not_active': 'भोजन केवल सक्रिय सदस्यता पर ही छोड़ा जा सकता है।',
  'meal_skip.outside_subscription': 'आपकी सदस्यता इस तारीख़ को शामिल नहीं करती।',
  'meal_skip.meal_not_in_plan': 'आपके प्लान में यह भोजन शामिल नहीं है।',
  'meal_skip.on_leave': 'उस दिन आप छुट्टी पर हैं; वह भोजन पहले से बंद है।',
  'meal_skip.closed': 'यह भोजन अब बदला नहीं जा सकता: इसकी अंतिम समय-सीमा निकल चुकी है।',
  'meal_skip.closed:at': '{day}: {meal} बदलने की समय-सीमा {time} पर ख़त्म हो गई।',
  'meal_skip.already_skipped': 'आप यह भोजन पहले ही छोड़ चुके हैं।',
  'meal_skip.not_skipped': 'यह भोजन छोड़ा नहीं गया है।',
  'meal_skip.kitchen_closed': '{day} का {meal} नहीं बनेगा: रसोई बंद है ({reason})।',

  // बंद दिन
  'closed_day.too_late':
    '{day} अब बंद नहीं किया जा सकता: {meal} {time} पर गिना जा चुका है। बाद का भोजन या तारीख़ बंद करें।',
  'closed_day.already_closed': 'यह तारीख़ और भोजन पहले से बंद है।',
  'closed_day.overlaps':
    'पूरा दिन और उसी दिन का एक भोजन, दोनों बंद नहीं किए जा सकते: पहले बंद किया हुआ हटाएँ।',
  'closed_day.locked':
    'यह बंद दिन अब हटाया नहीं जा सकता: इसकी पहली समय-सीमा निकल चुकी है और गिनती तय है।',
  'closed_day.already_removed': 'यह बंद दिन पहले ही हटाया जा चुका है।',

  // हर हफ़्ते के बंद (जैसे हर रविवार रात का खाना)
  'closure_rule.starts_in_past': 'नियम आज से पहले शुरू नहीं हो सकता।',
  'closure_rule.ends_before_start': 'आख़िरी तारीख़ शुरुआत की तारीख़ से पहले नहीं हो सकती।',
  'closure_rule.no_dates': 'शुरुआत और आख़िरी तारीख़ के बीच चुना गया कोई भी वार नहीं पड़ता।',
  'closure_rule.already_exists':
    'इन वारों पर इन भोजनों को इसी तारीख़ से बंद करने वाला नियम किसी और कारण से पहले से चालू है।',
  'closure_rule.already_withdrawn': 'यह नियम पहले ही वापस लिया जा चुका है।',

  // वॉक-इन ग्राहक का खाता लेने का लिंक
  'claim.invalid': 'खाता लेने का यह लिंक सही नहीं है। मेस से नया लिंक माँगें।',
  'claim.used': 'यह खाता पहले ही ले लिया गया है। अपने यूज़रनेम और पासवर्ड से साइन इन करें।',
  'claim.expired': 'आपका खाता लेने का यह लिंक पुराना हो गया है। मेस से नया लिंक माँगें।',
  'claim.expired:sign_in':
    'यह खाता कभी लिया नहीं गया, और इसे लेने का समय निकल चुका है। मेस से नया निमंत्रण भेजने को कहें।',
  'claim.otp_required': 'पहले अपने फ़ोन पर भेजा गया OTP डालें।',
  'walk_in.start_required':
    'कीमत का केवल हिस्सा मिला है ({due} बाकी): चुनें कि सदस्यता बाकी रकम के साथ अभी शुरू हो या पूरा भुगतान होने पर।',
  'walk_in.address_required': 'टिफ़िन प्लान में खाना पहुँचाया जाता है: ग्राहक का डिलीवरी पता भरें।',
  'walk_in.address_required:student':
    'टिफ़िन प्लान में खाना पहुँचाया जाता है: छात्र का विवरण हॉस्टल के साथ भरें।',
  'dues.nothing_due': 'इस खाते पर कुछ भी बकाया नहीं है।',
  'dues.not_overdue': 'यह बकाया अभी अतिदेय नहीं हुआ है।',

  // भुगतान लिंक और काउंटर का UPI QR
  'payment_link.already_paid': 'इस भुगतान लिंक का भुगतान पहले ही हो चुका है।',
  'payment_link.expired': 'इस भुगतान लिंक की अवधि समाप्त हो गई है।',
  'payment_link.cancelled': 'यह भुगतान लिंक रद्द कर दिया गया है।',
  'payment_link.not_open': 'इस भुगतान लिंक से अब न भुगतान हो सकता है, न इसे रद्द किया जा सकता है।',
  'payment_link.nothing_due': 'इस सदस्यता पर कुछ बकाया नहीं है, इसलिए माँगने को कुछ नहीं है।',
  'payment_link.amount_too_low': 'राशि कम से कम ₹1 होनी चाहिए।',
  'payment_link.amount_above_due': 'राशि {due} से अधिक नहीं हो सकती, जो इस सदस्यता पर अभी बकाया है।',
  'payment_link.upi_not_configured': 'मेस की UPI आईडी सेट नहीं है। मालिक इसे सेटिंग्स, UPI में सेट करते हैं।',
  'payment_link.fully_requested':
    'इस सदस्यता के खुले लिंक और QR कोड पहले ही पूरा बकाया {due} माँग रहे हैं। फिर माँगने के लिए कोई एक रद्द करें।',
  'payment_link.amount_above_unrequested':
    'इस सदस्यता के खुले लिंक और QR कोड बकाया {due} में से {open} माँग रहे हैं, इसलिए अधिकतम {available} माँगें।',
  // अग्रिम: बकाया से अधिक दिया गया पैसा, अगले बिल के लिए रखा या लौटाया गया
  'advance.nothing_held': 'इस ग्राहक का लौटाने के लिए कोई अग्रिम नहीं है।',
  'advance.amount_above_held': 'वापसी अधिकतम रखे गए अग्रिम {held} तक हो सकती है।',
  'advance.amount_too_low': 'राशि कम से कम ₹1 होनी चाहिए।',
  'advance.reference_required': 'UPI या बैंक ट्रांसफ़र का संदर्भ दर्ज करें।',
  'advance.comment_required': 'ग्राहक के लिए एक टिप्पणी लिखें।',
  'cash_collection.reason_required': 'लिखें कि यह नकद क्यों अस्वीकार किया गया।',

  // स्टाफ़ खाते
  'staff.deactivated': 'यह स्टाफ़ सदस्य निष्क्रिय है।',
  'staff.not_invited': 'यह स्टाफ़ सदस्य पहले ही जुड़ चुका है; भेजने के लिए कोई आमंत्रण नहीं है।',
  'staff.not_deactivated': 'यह स्टाफ़ सदस्य निष्क्रिय नहीं है।',
  'staff.phone_taken': 'यह फ़ोन नंबर पहले से किसी दूसरे खाते का है।',

  // भुगतान प्रदाता का काउंटर QR
  'counter_qr.already_paid': 'इस QR कोड का भुगतान पहले ही हो चुका है।',
  'counter_qr.closed': 'यह QR कोड बंद कर दिया गया है।',
  'counter_qr.expired': 'इस QR कोड की अवधि समाप्त हो गई है। नया QR दिखाएँ।',
  'counter_qr.not_open': 'इस QR कोड से अब न भुगतान हो सकता है, न इसे बंद किया जा सकता है।',
  'counter_qr.not_supported':
    'भुगतान प्रदाता यहाँ QR कोड नहीं बनाता। इसके बजाय मेस की UPI आईडी का QR दिखाएँ।',

  // डिलीवरी रूट, रन शीट के स्टॉप और राइडर द्वारा लिया गया नकद
  'route.name_taken': 'इस नाम का रूट पहले से मौजूद है।',
  'route.not_a_rider': 'राइडर केवल डिलीवरी स्टाफ़ खाते हो सकते हैं।',
  'delivery_stop.moved':
    'इस ग्राहक का स्टॉप अब किसी दूसरे रूट पर है, इसलिए यह निशान सहेजा नहीं गया। रन शीट फिर से खोलें।',
  'delivery_stop.not_on_run_sheet':
    'यह ग्राहक अब इस रन शीट पर नहीं है (छुट्टी पर, भोजन छोड़ा, रोका गया या हटाया गया), इसलिए यह निशान सहेजा नहीं गया।',
  'delivery_stop.not_your_route': 'यह रूट आपको नहीं सौंपा गया है, इसलिए यह निशान सहेजा नहीं गया।',
  'delivery_stop.already_delivered':
    'यह स्टॉप पहले ही पहुँचाया गया दर्ज है; इसे फिर से पहुँचाया या नहीं पहुँचाया दर्ज नहीं किया जा सकता।',
  'delivery_stop.not_delivered_yet':
    'पहले स्टॉप को पहुँचाया गया दर्ज करें; डिब्बे और नकद पहुँचाए गए स्टॉप पर ही दर्ज होते हैं।',
  'delivery_stop.reason_required': 'बताएँ कि क्यों नहीं पहुँचाया: घर पर नहीं, लेने से मना किया या गलत पता।',
  'delivery_stop.amount_required': 'लिया गया नकद दर्ज करें, कम से कम ₹1।',
  'delivery_stop.date_outside_window':
    'निशान आज और उससे पहले के {days} दिनों के ही सहेजे जाते हैं; यह {day} का है, इसलिए सहेजा नहीं गया।',
  'delivery_stop.marked_at_ahead':
    'इस निशान का समय सर्वर की घड़ी से {minutes} मिनट से ज़्यादा आगे है, इसलिए यह सहेजा नहीं गया। फ़ोन की तारीख़ और समय अपने-आप (ऑटोमैटिक) पर रखें, फिर दोबारा निशान लगाएँ।',
  'delivery_stop.marked_before_day':
    'इस निशान का समय उसके दिन ({day}) के शुरू होने से पहले का है, इसलिए यह सहेजा नहीं गया। फ़ोन की तारीख़ और समय जाँचें।',
  'cash_collection.not_pending': 'केवल लंबित नकद संग्रह ही पुष्ट या अस्वीकार किए जा सकते हैं।',

  // Refunds
  'consent.already_granted': 'इन संदेशों के लिए सहमति पहले से दर्ज है।',
  'consent.not_granted': 'इन संदेशों के लिए ऐसी कोई सहमति नहीं है जिसे वापस लिया जा सके।',
  'consent.recorder_required': 'कृपया सहमति दर्ज करने वाले व्यक्ति का नाम दें।',
  'consent.account_erased': 'इस ग्राहक का खाता मिटाया जा चुका है; सहमति दर्ज करने के लिए कोई नहीं है।',
  'whatsapp.verify_token_mismatch': 'WhatsApp का सत्यापन टोकन मेल नहीं खाता।',
  'erasure.already_requested': 'आप अपना खाता मिटाने के लिए पहले ही कह चुके हैं। मेस जल्द ही इसे पूरा करेगा।',
  'erasure.not_requested': 'यह मिटाने का अनुरोध अब प्रतीक्षा में नहीं है: यह पूरा या रद्द हो चुका है।',
  'erasure.subscription_active':
    'इस ग्राहक की सदस्यता अभी चल रही है। खाता उसके समाप्त होने के बाद मिटाएँ, या पहले ग्राहक से उसे रद्द करने को कहें (बचे दिनों का रिफ़ंड बनता है)।',
  'erasure.subscription_pending':
    'इस ग्राहक की एक सदस्यता भुगतान की प्रतीक्षा में है। खाता मिटाने से पहले ग्राहक से उसे हटाने को कहें (उनके सदस्यताएँ पेज पर)।',
  'erasure.balance_open':
    'इस ग्राहक पर अभी पैसा बकाया है या इसे पैसा लौटाना है। खाता मिटाने से पहले हिसाब ₹0 पर बराबर करें।',
  'erasure.refund_open':
    'इस ग्राहक का एक रिफ़ंड अभी दिया नहीं गया है। खाता मिटाने से पहले उसे दें या अस्वीकार करें।',
  'erasure.payment_link_open':
    'इस ग्राहक को भेजा गया एक भुगतान लिंक अभी खुला है। खाता मिटाने से पहले उसे रद्द करें।',
  'erasure.cash_pending':
    'राइडर ने इस ग्राहक से नकद लिया है जो अभी पुष्ट नहीं हुआ। खाता मिटाने से पहले उसे पुष्ट या अस्वीकार करें।',
  'refund.not_pending': 'केवल लंबित रिफ़ंड ही स्वीकार किए जा सकते हैं।',
  'refund.not_pending:reject': 'केवल लंबित रिफ़ंड ही अस्वीकार किए जा सकते हैं।',
  'refund.not_approved': 'केवल स्वीकृत रिफ़ंड को ही भुगतान हो गया चिह्नित किया जा सकता है।',
  'refund.payout_locked': 'पेआउट विवरण तभी बदला जा सकता है जब रिफ़ंड लंबित हो।',
  'refund.comment_required': 'एडमिन की टिप्पणी आवश्यक है।',
  'refund.not_payable':
    'पूरा पेआउट विवरण केवल स्वीकृत रिफ़ंड का ही दिखाया जाता है, जब तक उसका भुगतान बाकी हो।',
  'refund.no_payout': 'ग्राहक ने अभी तक पेआउट विवरण नहीं दिया है।',
  'refund.conflict': 'इस बीच यह रिफ़ंड बदल गया; कृपया फिर से कोशिश करें।',
};
